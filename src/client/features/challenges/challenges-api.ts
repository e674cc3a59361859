import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AreaLeaderboard,
  Challenge,
  ChallengeArea,
  ClaimedChallenge,
} from '../../../core/schemas/challenges.ts';
import { authKeys } from '../../api/auth.ts';
import { inboxKeys } from '../../api/inbox.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { apiRequest, throwIfResNotOk } from '../../lib/query-client.ts';

/** ~100 m: a walk down the street does not ask again. */
const near = (at: Coordinates | null) =>
  at && { latitude: Number(at.latitude.toFixed(3)), longitude: Number(at.longitude.toFixed(3)) };

/** Every key starts with challengeKeys.all, so one invalidation refreshes lists and boards. */
export const challengeKeys = {
  all: ['/api/challenges'] as const,
  list: (at: Coordinates | null) => [...challengeKeys.all, 'list', near(at)] as const,
  areas: (at: Coordinates | null) => [...challengeKeys.all, 'areas', near(at)] as const,
  board: (areaId: string) => [...challengeKeys.all, 'areas', areaId, 'leaderboard'] as const,
};

async function getJson<T>(path: string, at: Coordinates | null, signal: AbortSignal): Promise<T> {
  const query = at
    ? `?${new URLSearchParams({ latitude: String(at.latitude), longitude: String(at.longitude) })}`
    : '';
  const res = await fetch(`${path}${query}`, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** GET /api/challenges: this week's, in the areas closest to the player first. */
export const challengesQuery = (at: Coordinates | null) =>
  queryOptions({
    queryKey: challengeKeys.list(at),
    queryFn: ({ signal }) => getJson<Challenge[]>('/api/challenges', near(at), signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

/** GET /api/challenges/areas: the areas with a weekly leaderboard. */
export const challengeAreasQuery = (at: Coordinates | null) =>
  queryOptions({
    queryKey: challengeKeys.areas(at),
    queryFn: ({ signal }) => getJson<ChallengeArea[]>('/api/challenges/areas', near(at), signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/challenges/areas/:id/leaderboard: this week's standings there. */
export const areaBoardQuery = (areaId: string) =>
  queryOptions({
    queryKey: challengeKeys.board(areaId),
    queryFn: ({ signal }) =>
      getJson<AreaLeaderboard>(
        `/api/challenges/areas/${encodeURIComponent(areaId)}/leaderboard`,
        null,
        signal,
      ),
    refetchOnMount: 'always',
  });

/** POST /api/challenges/:id/claim: the reward moves the balance and lands in the inbox. */
export function useClaimChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await apiRequest('POST', `/api/challenges/${encodeURIComponent(id)}/claim`);
      return (await res.json()) as ClaimedChallenge;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.user }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.unread }),
      ]),
  });
}
