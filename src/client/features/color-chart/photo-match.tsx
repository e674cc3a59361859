import { ImageUp, ScanSearch, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  dominantColours,
  nearestColours,
  type Dominant,
  type Match,
} from '../../../core/colour-match.ts';
import { Button } from '../../components/ui/button.tsx';
import type { Colour } from './colours.ts';
import { LABEL_DARK, LABEL_LIGHT, labelTone } from './colours.ts';
import { copyColour } from './swatch.tsx';

/** Longest side the photo is scaled to before sampling: plenty for its main colours, and fast. */
const SAMPLE_SIDE = 96;
/** Photo colours covering less of the picture than this are noise, not a colour to match. */
const MIN_SHARE = 0.04;
/** Bigger files are refused before decoding, so a huge image cannot stall a phone. */
const MAX_BYTES = 30 * 1024 * 1024;

interface Result {
  photoUrl: string;
  rows: { photo: Dominant; matches: Match<Colour>[] }[];
}

/** Decodes the photo in the browser and reads a small copy's pixels: nothing is uploaded. */
async function samplePixels(file: File): Promise<Uint8ClampedArray> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, SAMPLE_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no canvas');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return context.getImageData(0, 0, width, height).data;
}

/**
 * "Match my photo": the player picks a photo on the device; its dominant colours are found in
 * the browser (canvas, k-means in CIELAB) and each gets the nearest chart colours by CIEDE2000.
 */
export function PhotoMatch({ colours, isFullChart }: { colours: Colour[]; isFullChart: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (result && URL.revokeObjectURL(result.photoUrl)), [result]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/'))
      return setError('That file is not a photo. Pick an image.');
    if (file.size > MAX_BYTES) return setError('That photo is over 30 MB. Pick a smaller one.');
    setBusy(true);
    try {
      const found = dominantColours(await samplePixels(file), 5).filter(
        (d) => d.share >= MIN_SHARE,
      );
      setResult({
        photoUrl: URL.createObjectURL(file),
        rows: found.map((photo) => ({ photo, matches: nearestColours(photo.rgb, colours, 3) })),
      });
    } catch {
      setResult(null);
      setError('Could not read that photo. Try a JPEG or PNG.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <section
      aria-labelledby="photo-match-title"
      className="mb-6 grid gap-4 rounded-3xl border border-line bg-brick/60 p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-prose gap-1">
          <h2 id="photo-match-title" className="flex items-center gap-2 font-display text-xl">
            <ScanSearch className="size-5 text-neon-cyan" aria-hidden />
            Match my photo
          </h2>
          <p className="text-sm text-smoke">
            Pick a photo of a wall or a sketch: we find its main colours and the closest Series 1
            cans. Your photo stays on this device; nothing is uploaded.
            {!isFullChart && ' Matching uses the basic range; Pro matches against the full chart.'}
          </p>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button asChild variant="outline" aria-disabled={busy}>
          <label htmlFor={inputId} className="cursor-pointer">
            <ImageUp aria-hidden />
            {busy ? 'Reading photo…' : result ? 'Pick another photo' : 'Pick a photo'}
          </label>
        </Button>
      </div>

      {error && (
        <p role="alert" className="rounded-xl border border-rose-500/50 bg-rose-950/40 p-3 text-sm">
          {error}
        </p>
      )}

      {result && (
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]" data-testid="photo-match-result">
          <div className="grid content-start gap-2">
            <img
              src={result.photoUrl}
              alt="Your photo"
              className="aspect-square w-full max-w-40 rounded-2xl object-cover ring-1 ring-line"
            />
            <Button variant="ghost" size="sm" onClick={() => setResult(null)}>
              <X aria-hidden />
              Clear photo
            </Button>
          </div>
          {result.rows.length === 0 ? (
            <p role="status" className="text-sm text-smoke">
              No clear colours found in that photo.
            </p>
          ) : (
            <ol aria-label="Colours in your photo" className="grid gap-3">
              {result.rows.map(({ photo, matches }) => (
                <li key={photo.hex} className="grid gap-2" data-testid="photo-colour">
                  <p className="flex items-center gap-2 text-sm">
                    <span
                      aria-hidden
                      className="inline-block size-6 rounded-md ring-1 ring-white/20"
                      style={{ backgroundColor: photo.hex }}
                    />
                    <span>
                      <span className="font-mono">{photo.hex}</span> ·{' '}
                      {Math.round(photo.share * 100)}% of the photo
                    </span>
                  </p>
                  <ul aria-label={`Nearest cans to ${photo.hex}`} className="flex flex-wrap gap-2">
                    {matches.map((m) => (
                      <li key={m.colour.code}>
                        <MatchChip match={m} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

/** How close a match looks: ΔE00 under about 2 is hard to tell apart, over 10 clearly differs. */
function closeness(deltaE: number): string {
  if (deltaE < 2) return 'near exact';
  if (deltaE < 5) return 'close';
  if (deltaE < 10) return 'similar';
  return 'nearest';
}

function MatchChip({ match }: { match: Match<Colour> }) {
  const { colour, deltaE } = match;
  const dark = labelTone(colour.hex) === 'dark';
  return (
    <button
      type="button"
      data-testid="photo-match"
      onClick={() => void copyColour(colour)}
      style={{ backgroundColor: colour.hex, color: dark ? LABEL_DARK : LABEL_LIGHT }}
      className="grid min-h-11 min-w-36 rounded-xl px-3 py-1.5 text-left text-xs shadow ring-1 ring-white/15 ring-inset"
    >
      <span className="font-bold">
        {colour.name} · {colour.code}
      </span>
      <span>
        ΔE {deltaE.toFixed(1)} · {closeness(deltaE)}
      </span>
      <span className="sr-only">Copy hex code {colour.hex}</span>
    </button>
  );
}
