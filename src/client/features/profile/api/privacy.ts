import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomeArea, Privacy } from '../../../../core/schemas/challenges.ts';
import { apiRequest } from '../../../lib/query-client.ts';

/** Query keys are the request paths (SPEC §7). */
export const privacyKeys = { settings: ['/api/profile/privacy'] as const };

export const privacyQuery = queryOptions<Privacy>({ queryKey: privacyKeys.settings });

/** PUT /api/profile/privacy/home, or DELETE it with null: the answer is the new settings. */
export function useSetHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (home: HomeArea | null) => {
      const res = home
        ? await apiRequest('PUT', '/api/profile/privacy/home', home)
        : await apiRequest('DELETE', '/api/profile/privacy/home');
      return (await res.json()) as Privacy;
    },
    onSuccess: (settings) => queryClient.setQueryData(privacyKeys.settings, settings),
  });
}
