import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatMegabytes, formatNumber, plural } from '../../lib/format.ts';
import type { SavedArea, TilePart } from '../../sw/saved-areas-store.ts';
import type { PartFailure } from './download.ts';
import type { Shortfalls } from './save.ts';

/** The map's parts an area keeps, each named as the player knows it and by its host. */
const PARTS = [
  { key: 'imagery', name: 'Map imagery', short: 'imagery', host: 'the imagery server' },
  { key: 'streets', name: 'Street map', short: 'street map', host: 'the street map’s server' },
] as const;

const WHY: Record<PartFailure, string> = {
  unreachable: 'could not be reached',
  refused: 'refused to send them',
};

/** Less than "0.1 MB" shows: an area of walls alone would otherwise read "0 MB". */
export const TINY_BYTES = 0.05 * 1_048_576;

export const sizeText = (bytes: number) =>
  bytes < TINY_BYTES ? 'under 0.1 MB' : formatMegabytes(bytes);

const isMissing = (part: TilePart | undefined) => !!part && part.done < part.total;

/** The parts of an area's map still missing tiles, with their counts. */
const missing = (area: SavedArea) =>
  PARTS.flatMap((p) => (isMissing(area[p.key]) ? [{ ...p, part: area[p.key]! }] : []));

/** The parts a retry fetches, as it names them. */
export const missingParts = (area: SavedArea) => missing(area).map((p) => p.short);

/** "Retry imagery", "Retry street map", "Retry imagery and street map". */
export const retryLabel = (area: SavedArea) => `Retry ${missingParts(area).join(' and ')}`;

/** What is missing, short: "0 of 467 imagery tiles". */
export const missingLine = (area: SavedArea) =>
  missing(area)
    .map(
      ({ short, part }) =>
        `${formatNumber(part.done)} of ${formatNumber(part.total)} ${short} tiles`,
    )
    .join(' · ');

function Part({ ok, children }: { ok: boolean; children: string }) {
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <li className="flex gap-2">
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${ok ? 'text-neon-lime' : 'text-neon-amber'}`}
        aria-hidden
      />
      <span>{children}</span>
    </li>
  );
}

/** Per part, what an area keeps: its contents always, each kind of tile as far as it came. */
export function AreaParts({ area, shortfalls }: { area: SavedArea; shortfalls: Shortfalls }) {
  return (
    <ul aria-label="What was saved" className="grid gap-1.5 text-sm">
      <Part ok>Walls, artworks and missions: saved</Part>
      {PARTS.map(({ key, name, host }) => {
        const part = area[key];
        if (!part) return null;
        if (!isMissing(part)) {
          return (
            <Part key={key} ok>
              {`${name}: saved (${plural(part.total, 'tile', 'tiles')})`}
            </Part>
          );
        }
        const failure = shortfalls[key];
        return (
          <Part key={key} ok={false}>
            {`${name}: ${formatNumber(part.done)} of ${plural(part.total, 'tile', 'tiles')}${failure ? ` — ${host} ${WHY[failure]}` : ''}`}
          </Part>
        );
      })}
    </ul>
  );
}
