import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMarker, Marker } from '../../../../core/schemas/markers.ts';
import { getQueryFn } from '../../../lib/query-client.ts';
import { createOrQueue } from '../../../outbox/queue.ts';

/** The player's custom map markers (SPEC §7 POST /api/markers). */
export const markerKeys = { all: ['/api/markers'] as const };

/** GET /api/markers: the player's own markers, newest first. */
export const markersQuery = queryOptions({
  queryKey: markerKeys.all,
  queryFn: getQueryFn<Marker[]>({ on401: 'throw' }),
});

/** POST /api/markers; the map shows the new marker once the list refreshes. */
export function useDropMarker() {
  const queryClient = useQueryClient();
  return useMutation({
    // Without signal the marker waits in the outbox (docs/decisions/034): null.
    mutationFn: (body: CreateMarker) =>
      createOrQueue<Marker>({
        kind: 'marker',
        title: body.label || 'Custom marker',
        path: '/api/markers',
        body: { ...body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markerKeys.all }),
  });
}
