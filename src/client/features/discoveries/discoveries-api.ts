import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { SEARCH_RADIUS_KM } from '../../../core/constants.ts';
import type {
  CreateDiscovery,
  CreateGraffiti,
  CreatedDiscovery,
  MapDiscovery,
  MyDiscoveriesPage,
  NearbyDiscovery,
  UserDiscovery,
} from '../../../core/schemas/discoveries.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { apiRequest, getQueryFn, throwIfResNotOk } from '../../lib/query-client.ts';
import { artworkKeys, discoveryKeys } from '../../api/query-keys.ts';
import { authKeys } from '../../api/auth.ts';
import { inboxKeys } from '../../api/inbox.ts';

/** GET /api/discoveries/user: the signed-in player's own discoveries, newest first. */
export const userDiscoveriesQuery = queryOptions({
  queryKey: discoveryKeys.user,
  queryFn: getQueryFn<UserDiscovery[]>({ on401: 'throw' }),
});

/**
 * GET /api/discoveries/mine, a page at a time (My Discoveries): newest first, each next page
 * asked with the previous page's nextBefore. Asked again each time the screen opens, as the
 * map adds to it (docs/decisions/005-client-behaviour.md).
 */
export const myDiscoveryPagesQuery = infiniteQueryOptions({
  queryKey: discoveryKeys.mine,
  initialPageParam: null as string | null,
  getNextPageParam: (last: MyDiscoveriesPage) => last.nextBefore,
  refetchOnMount: 'always',
  queryFn: async ({ pageParam, signal }): Promise<MyDiscoveriesPage> => {
    const query = pageParam ? `?${new URLSearchParams({ before: pageParam })}` : '';
    const res = await fetch(`/api/discoveries/mine${query}`, { credentials: 'include', signal });
    await throwIfResNotOk(res);
    return (await res.json()) as MyDiscoveriesPage;
  },
});

/**
 * GET /api/discoveries/nearby?latitude&longitude&radius=4. SPEC §7: it runs only when a user
 * location exists, so it is disabled while `centre` is null.
 */
export function nearbyDiscoveriesQuery(
  centre: Coordinates | null,
  radius: number = SEARCH_RADIUS_KM.discoveries,
) {
  const key = discoveryKeys.nearby(centre ?? { latitude: 0, longitude: 0 }, radius);
  return queryOptions({
    queryKey: key,
    enabled: centre !== null,
    queryFn: async ({ signal }): Promise<NearbyDiscovery[]> => {
      const { latitude, longitude } = key[1];
      const params = new URLSearchParams({
        latitude: String(latitude),
        longitude: String(longitude),
        radius: String(radius),
      });
      const res = await fetch(`/api/discoveries/nearby?${params}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as NearbyDiscovery[];
    },
  });
}

/**
 * POST /api/discoveries: a new piece, or with `artworkId` a find of an artwork on the map. The
 * server decides tokensAwarded (50 photographer, 150 artist, 20 for a find, x2 Pro); on success
 * the header's user, the player's list, every nearby search and the map's artworks are
 * refreshed.
 */
export function useCreateDiscovery() {
  return useCreate<CreateDiscovery>('/api/discoveries');
}

/** POST /api/discoveries/graffiti: a photo pinned at a clicked map spot (150 tokens). */
export function useCreateGraffiti() {
  return useCreate<CreateGraffiti>('/api/discoveries/graffiti');
}

/**
 * A create sent with its Idempotency-Key (docs/decisions/031), made when the player submitted:
 * kept with the request if it goes to the outbox, so a repeat never creates twice.
 */
function useCreate<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: Body; key: string }): Promise<CreatedDiscovery> => {
      const res = await apiRequest('POST', path, body, { 'Idempotency-Key': key });
      return (await res.json()) as CreatedDiscovery;
    },
    onSuccess: () => refreshAfterDiscovery(queryClient),
  });
}

/**
 * PUT /api/discoveries/:id/photo: the photo of a discovery saved without one, which then pays
 * (or waits for review). A repeat is refused (409), so it needs no key.
 */
export function useAddDiscoveryPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, imageUrl }: { id: string; imageUrl: string }) => {
      const res = await apiRequest('PUT', `/api/discoveries/${id}/photo`, { imageUrl });
      return (await res.json()) as CreatedDiscovery;
    },
    onSuccess: () => refreshAfterDiscovery(queryClient),
  });
}

/** What a new or newly paid discovery changes: the header's tokens, the lists and the map. */
async function refreshAfterDiscovery(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: authKeys.user }),
    queryClient.invalidateQueries({ queryKey: discoveryKeys.user }),
    queryClient.invalidateQueries({ queryKey: discoveryKeys.mine }),
    queryClient.invalidateQueries({ queryKey: discoveryKeys.nearbyAll }),
    queryClient.invalidateQueries({ queryKey: artworkKeys.all }),
    queryClient.invalidateQueries({ queryKey: inboxKeys.unread }),
  ]);
}

/** GET /api/discoveries/:id: one discovery, for the artwork it logs (a map link names it). */
export function discoveryQuery(id: string | null) {
  return queryOptions({
    queryKey: discoveryKeys.one(id ?? ''),
    enabled: id !== null,
    queryFn: getQueryFn<MapDiscovery>({ on401: 'throw' }),
  });
}
