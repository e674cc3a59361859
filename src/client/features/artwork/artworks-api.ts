import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Artwork,
  CreateLog,
  CreatedLog,
  NearbyArtworks,
} from '../../../core/schemas/artworks.ts';
import { getQueryFn } from '../../lib/query-client.ts';
import { createOrQueue } from '../../outbox/queue.ts';
import { authKeys } from '../../api/auth.ts';
import { artworkKeys, discoveryKeys } from '../../api/query-keys.ts';

/** GET /api/artworks/:id: the artwork page. */
export function artworkQuery(id: string) {
  return queryOptions({
    queryKey: artworkKeys.one(id),
    queryFn: getQueryFn<Artwork>({ on401: 'throw' }),
  });
}

/** GET /api/artworks/:id/nearby: the pieces a painted-over report may name, asked when shown. */
export function nearbyArtworksQuery(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...artworkKeys.one(id), 'nearby'] as const,
    enabled,
    queryFn: getQueryFn<NearbyArtworks>({ on401: 'throw' }),
  });
}

/**
 * POST /api/artworks/:id/logs: found, gone or painted over. The artwork comes back as it now
 * stands; the player's tokens and counts, their discoveries and the map's layers (under
 * artworkKeys.all) are asked again, as a find pays and counts and a report may change the status the map draws.
 */
export function useLogArtwork(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Without signal the log waits in the outbox (docs/decisions/034): null.
    mutationFn: (body: CreateLog) =>
      createOrQueue<CreatedLog>({
        kind: 'artwork-log',
        title: body.kind === 'found' ? 'Found it' : body.kind.replace('_', ' '),
        path: `/api/artworks/${encodeURIComponent(id)}/logs`,
        body,
      }),
    onSuccess: async (created) => {
      if (!created) return;
      queryClient.setQueryData(artworkKeys.one(id), created.artwork);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: artworkKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.user }),
        queryClient.invalidateQueries({ queryKey: discoveryKeys.user }),
        queryClient.invalidateQueries({ queryKey: discoveryKeys.mine }),
        queryClient.invalidateQueries({ queryKey: discoveryKeys.nearbyAll }),
      ]);
    },
  });
}
