import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ArtistListItem } from '../../core/schemas/artists.ts';
import type { Mission } from '../../core/schemas/catalog.ts';
import type { WallListPage } from '../../core/schemas/walls.ts';
import { getQueryFn, throwIfResNotOk } from '../lib/query-client.ts';

/** Query keys are the API paths (SPEC §7: the default GET joins the key with "/"). */
export const catalogKeys = {
  artists: ['/api/artists'] as const,
  missions: ['/api/missions'] as const,
  walls: ['/api/legal-walls'] as const,
};

/** GET /api/artists: featured artists, by name. Searching is done in the browser. */
export const artistsQuery = queryOptions({
  queryKey: catalogKeys.artists,
  queryFn: getQueryFn<ArtistListItem[]>({ on401: 'throw' }),
});

/** GET /api/missions: missions still running, with completedByMe for the signed-in player. */
export const missionsQuery = queryOptions({
  queryKey: catalogKeys.missions,
  queryFn: getQueryFn<Mission[]>({ on401: 'throw' }),
});

/** GET /api/legal-walls: the first page of legal walls by name, and how many there are. */
export const legalWallsQuery = queryOptions({
  queryKey: catalogKeys.walls,
  queryFn: getQueryFn<WallListPage>({ on401: 'throw' }),
});

/** Closest first from here; rounded to about 100 m, so a small move asks nothing new. */
export interface WallsFrom {
  latitude: number;
  longitude: number;
}

/**
 * GET /api/legal-walls a page at a time: by name, or closest first `from` a point, only those
 * whose name or city holds `q`. The first page by name without a search is the plain path, the
 * answer the server keeps.
 */
export function legalWallPagesQuery(q: string, from: WallsFrom | null) {
  const near = from && {
    latitude: Number(from.latitude.toFixed(3)),
    longitude: Number(from.longitude.toFixed(3)),
  };
  return infiniteQueryOptions({
    queryKey: [...catalogKeys.walls, 'pages', { q, near }] as const,
    initialPageParam: null as string | null,
    getNextPageParam: (last: WallListPage) => last.nextCursor,
    placeholderData: keepPreviousData,
    queryFn: async ({ pageParam, signal }): Promise<WallListPage> => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (near) {
        params.set('latitude', String(near.latitude));
        params.set('longitude', String(near.longitude));
      }
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      const res = await fetch(`/api/legal-walls${query && `?${query}`}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as WallListPage;
    },
  });
}
