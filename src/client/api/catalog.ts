import { queryOptions } from '@tanstack/react-query';
import type { Artist, Mission } from '../../core/schemas/catalog.ts';
import type { LegalWall } from '../../core/schemas/walls.ts';
import { getQueryFn } from '../lib/query-client.ts';

/** Query keys are the API paths (SPEC §7: the default GET joins the key with "/"). */
export const catalogKeys = {
  artists: ['/api/artists'] as const,
  missions: ['/api/missions'] as const,
  walls: ['/api/legal-walls'] as const,
};

/** GET /api/artists: featured artists, by name. Searching is done in the browser. */
export const artistsQuery = queryOptions({
  queryKey: catalogKeys.artists,
  queryFn: getQueryFn<Artist[]>({ on401: 'throw' }),
});

/** GET /api/missions: missions still running, with completedByMe for the signed-in player. */
export const missionsQuery = queryOptions({
  queryKey: catalogKeys.missions,
  queryFn: getQueryFn<Mission[]>({ on401: 'throw' }),
});

/** GET /api/legal-walls: every legal wall, by name (public). */
export const legalWallsQuery = queryOptions({
  queryKey: catalogKeys.walls,
  queryFn: getQueryFn<LegalWall[]>({ on401: 'throw' }),
});
