import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePassword,
  EndedSessions,
  RecoveryCodeStatus,
  RecoveryCodes,
  Session,
} from '../../../../core/schemas/account.ts';
import { apiRequest } from '../../../lib/query-client.ts';

/** Query keys are the request paths (SPEC §7). */
export const accountKeys = {
  sessions: ['/api/profile/sessions'] as const,
  recoveryCodes: ['/api/profile/recovery-codes'] as const,
};

/** Sessions start and end on other devices: asked again each time the profile opens. */
export const sessionsQuery = queryOptions<Session[]>({
  queryKey: accountKeys.sessions,
  refetchOnMount: 'always',
});
export const recoveryCodeStatusQuery = queryOptions<RecoveryCodeStatus>({
  queryKey: accountKeys.recoveryCodes,
});

function useAfter<T, V>(key: readonly string[], mutationFn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /api/profile/sessions/:id */
export const useEndSession = () =>
  useAfter(accountKeys.sessions, async (id: string) => {
    await apiRequest('DELETE', `/api/profile/sessions/${encodeURIComponent(id)}`);
  });

/** POST /api/profile/sessions/end-others */
export const useEndOtherSessions = () =>
  useAfter(accountKeys.sessions, async (): Promise<EndedSessions> => {
    const res = await apiRequest('POST', '/api/profile/sessions/end-others');
    return res.json() as Promise<EndedSessions>;
  });

/** PUT /api/profile/password: every other session ends with it. */
export const useChangePassword = () =>
  useAfter(accountKeys.sessions, async (body: ChangePassword): Promise<EndedSessions> => {
    const res = await apiRequest('PUT', '/api/profile/password', body);
    return res.json() as Promise<EndedSessions>;
  });

/** POST /api/profile/recovery-codes: the new codes, shown once. */
export const useMakeRecoveryCodes = () =>
  useAfter(accountKeys.recoveryCodes, async (password: string): Promise<string[]> => {
    const res = await apiRequest('POST', '/api/profile/recovery-codes', { password });
    return ((await res.json()) as RecoveryCodes).codes;
  });
