import type { StyleSpecification } from 'maplibre-gl';
// Noto Sans (SIL Open Font License 1.1), served by our server as hashed, immutable assets.
import italicCyrillic from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-italic.woff2?url';
import regularCyrillic from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff2?url';
import mediumCyrillic from '@fontsource/noto-sans/files/noto-sans-cyrillic-500-normal.woff2?url';
import italicGreek from '@fontsource/noto-sans/files/noto-sans-greek-400-italic.woff2?url';
import regularGreek from '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff2?url';
import mediumGreek from '@fontsource/noto-sans/files/noto-sans-greek-500-normal.woff2?url';
import italicLatin from '@fontsource/noto-sans/files/noto-sans-latin-400-italic.woff2?url';
import regularLatin from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import mediumLatin from '@fontsource/noto-sans/files/noto-sans-latin-500-normal.woff2?url';
import italicLatinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-italic.woff2?url';
import regularLatinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff2?url';
import mediumLatinExt from '@fontsource/noto-sans/files/noto-sans-latin-ext-500-normal.woff2?url';
import italicVietnamese from '@fontsource/noto-sans/files/noto-sans-vietnamese-400-italic.woff2?url';
import regularVietnamese from '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff2?url';
import mediumVietnamese from '@fontsource/noto-sans/files/noto-sans-vietnamese-500-normal.woff2?url';
import ranges from '@fontsource/noto-sans/unicode.json' with { type: 'json' };

type Subset = 'latin' | 'latin-ext' | 'cyrillic' | 'greek' | 'vietnamese';

/** The font files per name the Protomaps style asks for in `text-font`, one per script. */
const FILES: Record<string, Record<Subset, string>> = {
  'Noto Sans Regular': {
    latin: regularLatin,
    'latin-ext': regularLatinExt,
    cyrillic: regularCyrillic,
    greek: regularGreek,
    vietnamese: regularVietnamese,
  },
  'Noto Sans Medium': {
    latin: mediumLatin,
    'latin-ext': mediumLatinExt,
    cyrillic: mediumCyrillic,
    greek: mediumGreek,
    vietnamese: mediumVietnamese,
  },
  'Noto Sans Italic': {
    latin: italicLatin,
    'latin-ext': italicLatinExt,
    cyrillic: italicCyrillic,
    greek: italicGreek,
    vietnamese: italicVietnamese,
  },
};

/**
 * The street map's fonts as the style's `font-faces`: MapLibre downloads a script's file only when
 * a label needs one of its letters and draws the glyphs itself, so no glyph server is needed.
 * Letters of other scripts fall back to the device's own fonts.
 */
export function streetFontFaces(): NonNullable<StyleSpecification['font-faces']> {
  return Object.fromEntries(
    Object.entries(FILES).map(([name, files]) => [
      name,
      Object.entries(files).map(([subset, url]) => ({
        url: new URL(url, window.location.href).href,
        'unicode-range': ranges[subset as Subset].split(','),
      })),
    ]),
  );
}
