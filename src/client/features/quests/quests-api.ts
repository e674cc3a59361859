import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestKind } from '../../../core/quests.ts';
import type { AnswerQuest, QuestAnswer, Quests } from '../../../core/schemas/quests.ts';
import { authKeys } from '../../api/auth.ts';
import { catalogKeys } from '../../api/catalog.ts';
import { inboxKeys } from '../../api/inbox.ts';
import { artworkKeys, discoveryKeys } from '../../api/query-keys.ts';
import { apiRequest, throwIfResNotOk } from '../../lib/query-client.ts';
import type { LivePosition } from './use-live-position.ts';

export const questKeys = { all: ['/api/quests'] as const };

/**
 * The position a list is asked for: to about 100 m, so walking along asks again every block or
 * so, not at every step (distances on screen follow the live position).
 */
const listSpot = (at: LivePosition) => ({
  lat: Number(at.latitude.toFixed(3)),
  lng: Number(at.longitude.toFixed(3)),
  accuracy: Math.round(at.accuracy),
});

/** GET /api/quests: the quests around the player; asked again each time the screen opens. */
export function questsQuery(at: LivePosition | null) {
  const spot = at ? listSpot(at) : null;
  return queryOptions({
    queryKey: [...questKeys.all, spot] as const,
    enabled: spot !== null,
    refetchOnMount: 'always',
    queryFn: async ({ signal }): Promise<Quests> => {
      const params = new URLSearchParams({
        lat: String(spot!.lat),
        lng: String(spot!.lng),
        accuracy: String(spot!.accuracy),
      });
      const res = await fetch(`/api/quests?${params}`, { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return (await res.json()) as Quests;
    },
  });
}

/**
 * POST /api/quests/:kind/:targetId/answer with its Idempotency-Key (a retry never answers
 * twice). An answer is a find or a wall's confirmation: the header's tokens, the player's
 * finds, artworks, walls and the inbox change with it.
 */
export function useAnswerQuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      kind: QuestKind;
      targetId: string;
      body: AnswerQuest;
      key: string;
    }): Promise<QuestAnswer> => {
      const path = `/api/quests/${input.kind}/${encodeURIComponent(input.targetId)}/answer`;
      const res = await apiRequest('POST', path, input.body, { 'Idempotency-Key': input.key });
      return (await res.json()) as QuestAnswer;
    },
    onSuccess: () =>
      Promise.all(
        [
          questKeys.all,
          authKeys.user,
          discoveryKeys.user,
          discoveryKeys.mine,
          artworkKeys.all,
          catalogKeys.walls,
          inboxKeys.unread,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
