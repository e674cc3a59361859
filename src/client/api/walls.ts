import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SEARCH_RADIUS_KM } from '../../core/constants.ts';
import type { BoundsQuery } from '../../core/schemas/map.ts';
import type { LegalWall, NearbyLegalWall } from '../../core/schemas/walls.ts';
import type { Coordinates } from '../hooks/use-geolocation.ts';
import { getQueryFn, throwIfResNotOk } from '../lib/query-client.ts';

/**
 * Legal graffiti walls (SPEC §7). Every key starts with wallKeys.all, so invalidating it
 * refreshes the full list and every nearby search at once.
 */
export const wallKeys = {
  all: ['/api/legal-walls'] as const,
  nearby: (centre: Coordinates, radius: number) =>
    [...wallKeys.all, 'nearby', { ...roundCentre(centre), radius }] as const,
};

/** ~1 m precision: a GPS jitter of a few centimetres does not start a new search. */
function roundCentre({ latitude, longitude }: Coordinates): Coordinates {
  return { latitude: Number(latitude.toFixed(5)), longitude: Number(longitude.toFixed(5)) };
}

/** GET /api/legal-walls: every wall, by name. */
export const legalWallsQuery = queryOptions({
  queryKey: wallKeys.all,
  queryFn: getQueryFn<LegalWall[]>({ on401: 'throw' }),
});

/** GET /api/legal-walls/nearby?latitude&longitude&radius=10: closest first, with distanceKm. */
export function nearbyWallsQuery(
  centre: Coordinates,
  radius: number = SEARCH_RADIUS_KM.legalWalls,
) {
  const key = wallKeys.nearby(centre, radius);
  return queryOptions({
    queryKey: key,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<NearbyLegalWall[]> => {
      const { latitude, longitude } = key[2];
      const params = new URLSearchParams({
        latitude: String(latitude),
        longitude: String(longitude),
        radius: String(radius),
      });
      const res = await fetch(`/api/legal-walls/nearby?${params}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as NearbyLegalWall[];
    },
  });
}

const boundsParams = (b: BoundsQuery) =>
  new URLSearchParams({
    west: String(b.west),
    south: String(b.south),
    east: String(b.east),
    north: String(b.north),
  });

/** GET /api/legal-walls/in-view: the walls inside the map's fetch box, for its markers. */
export function wallsInViewQuery(bounds: BoundsQuery | null) {
  return queryOptions({
    queryKey: [...wallKeys.all, 'in-view', bounds] as const,
    enabled: bounds !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<LegalWall[]> => {
      const res = await fetch(`/api/legal-walls/in-view?${boundsParams(bounds!)}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as LegalWall[];
    },
  });
}
