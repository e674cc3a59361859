import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../core/schemas/user.ts';
import { getQueryFn } from '../lib/query-client.ts';

export const authKeys = { user: ['/api/auth/user'] as const };

/** The signed-in user or null; never retried (SPEC §7). */
export const authUserQuery = queryOptions({
  queryKey: authKeys.user,
  queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
  retry: false,
});
