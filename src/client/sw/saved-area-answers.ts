import { distanceKm } from '../../core/geo.ts';
import type { AreaContents } from '../../core/schemas/area.ts';
import type { ArtworksInView } from '../../core/schemas/artworks.ts';
import type { LegalWall, NearbyLegalWall } from '../../core/schemas/walls.ts';

/*
 * The map's reads answered from saved areas when the network fails
 * (docs/decisions/037-saved-areas.md): the same shapes the server gives, built from what each
 * area holds. Pure, so the worker and the tests share it.
 */

/** What an answer needs of a saved area. */
export interface AreaForAnswers {
  latitude: number;
  longitude: number;
  radiusKm: number;
  savedAt: number;
  contents: AreaContents;
}

/** The paths answered from saved areas. */
export const AREA_ANSWERED =
  /^\/api\/(legal-walls\/in-view|legal-walls\/nearby|artworks\/in-view|missions)$/;

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Inside the box; west > east is a box across the antimeridian. */
const inBox = (b: Box, lat: number, lng: number) =>
  lat >= b.south &&
  lat <= b.north &&
  (b.west <= b.east ? lng >= b.west && lng <= b.east : lng >= b.west || lng <= b.east);

function boxOf(params: URLSearchParams): Box | null {
  const box = Object.fromEntries(
    ['west', 'south', 'east', 'north'].map((k) => [k, Number(params.get(k) ?? NaN)]),
  ) as unknown as Box;
  return Object.values(box).every(Number.isFinite) ? box : null;
}

/** Whether a box meets an area's circle: the circle's nearest point to the box is inside it. */
function meets(box: Box, area: AreaForAnswers): boolean {
  const lat = Math.min(box.north, Math.max(box.south, area.latitude));
  const lng =
    box.west <= box.east ? Math.min(box.east, Math.max(box.west, area.longitude)) : area.longitude;
  return (
    inBox(box, area.latitude, area.longitude) ||
    distanceKm(area.latitude, area.longitude, lat, lng) <= area.radiusKm
  );
}

/** One of each by id, from the newest saved area first. */
function unique<T>(lists: T[][], id: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of lists.flat()) if (!seen.has(id(item))) seen.set(id(item), item);
  return [...seen.values()];
}

/**
 * The answer to a map read from the saved areas that reach it, with the time the newest of them
 * was saved, or null when none does (then the read fails as it would have).
 */
export function answerFromAreas(
  url: URL,
  areas: AreaForAnswers[],
): { body: unknown; savedAt: number } | null {
  const newestFirst = [...areas].sort((a, b) => b.savedAt - a.savedAt);
  const params = url.searchParams;
  const path = url.pathname;
  let reaching: AreaForAnswers[];
  let body: unknown;
  if (path === '/api/legal-walls/nearby') {
    const lat = Number(params.get('latitude'));
    const lng = Number(params.get('longitude'));
    const radius = Number(params.get('radius') ?? 10);
    if (![lat, lng, radius].every(Number.isFinite)) return null;
    reaching = newestFirst.filter(
      (a) => distanceKm(lat, lng, a.latitude, a.longitude) <= a.radiusKm + radius,
    );
    body = unique(
      reaching.map((a) => a.contents.walls),
      (w) => w.id,
    )
      .map((w): NearbyLegalWall => ({
        ...w,
        distanceKm: distanceKm(lat, lng, w.latitude, w.longitude),
      }))
      .filter((w) => w.distanceKm <= radius)
      .sort((a, b) => a.distanceKm - b.distanceKm || (a.id < b.id ? -1 : 1));
  } else if (path === '/api/missions') {
    reaching = newestFirst;
    body = unique(
      reaching.map((a) => a.contents.missions),
      (m) => m.id,
    );
  } else {
    const box = boxOf(params);
    if (!box) return null;
    reaching = newestFirst.filter((a) => meets(box, a));
    if (path === '/api/legal-walls/in-view') {
      body = unique(
        reaching.map((a) => a.contents.walls),
        (w) => w.id,
      ).filter((w: LegalWall) => inBox(box, w.latitude, w.longitude));
    } else if (path === '/api/artworks/in-view') {
      const status = params.get('status');
      const points = unique(
        reaching.map((a) => a.contents.artworks),
        (p) => p[0],
      ).filter(([, lat, lng, , , s]) => inBox(box, lat, lng) && (!status || s === status));
      body = { version: 2, clusters: [], points, truncated: false } satisfies ArtworksInView;
    } else {
      return null;
    }
  }
  if (reaching.length === 0) return null;
  return { body, savedAt: reaching[0]!.savedAt };
}
