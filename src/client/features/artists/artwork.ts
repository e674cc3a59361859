import { normalise } from '../../lib/search.ts';

/**
 * SPEC §2 Artists: each card shows a locally bundled sample artwork chosen by matching the
 * artist's name, otherwise a default. The pieces are original abstract compositions made for
 * StreetScope (src/client/assets/artists), not the artists' own work, and the card says so:
 * we never pass off a sample as a real artist's piece, and we never load images from elsewhere.
 */
export interface Artwork {
  title: string;
  src: string;
}

const art = (title: string, src: URL): Artwork => ({ title, src: src.href });

// Vite bundles each file referenced through `new URL(<literal>, import.meta.url)`.
const NEON_DRIFT = art(
  'Neon Drift',
  new URL('../../assets/artists/neon-drift.svg', import.meta.url),
);
const BRICK_BLOOM = art(
  'Brick Bloom',
  new URL('../../assets/artists/brick-bloom.svg', import.meta.url),
);
const NIGHT_SIGNAL = art(
  'Night Signal',
  new URL('../../assets/artists/night-signal.svg', import.meta.url),
);
const WILDSTYLE_CIRCUIT = art(
  'Wildstyle Circuit',
  new URL('../../assets/artists/wildstyle-circuit.svg', import.meta.url),
);
const DRIP_SUN = art('Drip Sun', new URL('../../assets/artists/drip-sun.svg', import.meta.url));
const CHROME_TIDE = art(
  'Chrome Tide',
  new URL('../../assets/artists/chrome-tide.svg', import.meta.url),
);

const GOLDEN_HOUR = art(
  'Golden Hour',
  new URL('../../assets/artists/golden-hour.svg', import.meta.url),
);
const NIGHT_SWIM = art(
  'Night Swim',
  new URL('../../assets/artists/night-swim.svg', import.meta.url),
);
const NEON_WINGS = art(
  'Neon Wings',
  new URL('../../assets/artists/neon-wings.svg', import.meta.url),
);
const SPEED_LETTERS = art(
  'Speed Letters',
  new URL('../../assets/artists/speed-letters.svg', import.meta.url),
);
const TWIN_SKIES = art(
  'Twin Skies',
  new URL('../../assets/artists/twin-skies.svg', import.meta.url),
);
const PRISM_GRID = art(
  'Prism Grid',
  new URL('../../assets/artists/prism-grid.svg', import.meta.url),
);

export const DEFAULT_ARTWORK = art(
  'Fresh Coat',
  new URL('../../assets/artists/fresh-coat.svg', import.meta.url),
);

/** Known artist names (as seeded in src/data/artists.json) → their sample artwork. */
const ARTWORK_BY_NAME: Record<string, Artwork> = {
  'anthony lister': NEON_DRIFT,
  'fintan magee': CHROME_TIDE,
  'guido van helten': NIGHT_SIGNAL,
  'tyrone wright': BRICK_BLOOM,
  banksy: DRIP_SUN,
  'shepard fairey': WILDSTYLE_CIRCUIT,
  'matt adnate': GOLDEN_HOUR,
  'sam bates': NIGHT_SWIM,
  vexta: NEON_WINGS,
  sofles: SPEED_LETTERS,
  'os gemeos': TWIN_SKIES,
  'eduardo kobra': PRISM_GRID,
};

export const ALL_ARTWORKS = [
  NEON_DRIFT,
  BRICK_BLOOM,
  NIGHT_SIGNAL,
  WILDSTYLE_CIRCUIT,
  DRIP_SUN,
  CHROME_TIDE,
  GOLDEN_HOUR,
  NIGHT_SWIM,
  NEON_WINGS,
  SPEED_LETTERS,
  TWIN_SKIES,
  PRISM_GRID,
  DEFAULT_ARTWORK,
];

/** The sample artwork for an artist: by name, ignoring case, accents and extra spaces. */
export function artworkFor(name: string): Artwork {
  return ARTWORK_BY_NAME[normalise(name)] ?? DEFAULT_ARTWORK;
}
