import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInMethods } from '../../../../core/schemas/sign-in-methods.ts';
import { apiRequest } from '../../../lib/query-client.ts';

const key = ['/api/profile/sign-in-methods'] as const;

/** The password and each configured provider, linked or not (docs/decisions/035). */
export const signInMethodsQuery = queryOptions<SignInMethods>({ queryKey: key });

/** POST …/link: the provider's login page, where the browser goes next. */
export const useLinkProvider = () =>
  useMutation({
    mutationFn: async (id: string) => {
      const res = await apiRequest(
        'POST',
        `/api/profile/sign-in-methods/${encodeURIComponent(id)}/link`,
      );
      return ((await res.json()) as { url: string }).url;
    },
  });

/** DELETE /api/profile/sign-in-methods/:id, refused while it is the only way in. */
export const useUnlinkProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/profile/sign-in-methods/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
