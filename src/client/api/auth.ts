import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../core/schemas/user.ts';
import { getQueryFn } from '../lib/query-client.ts';
import { holdsSession } from '../lib/session-hint.ts';
import { PLAYER_CACHE } from '../sw/player.ts';

export const authKeys = { user: ['/api/auth/user'] as const };

const askServer = getQueryFn<User | null>({ on401: 'returnNull' });

/**
 * The signed-in user or null; never retried (SPEC §7). A browser without a session is not asked
 * about (docs/decisions/041): the server's 401 would be an error in every signed-out page's
 * console. Whatever the worker kept of the last player goes then, as it does on that 401
 * (decision 033), so an account deleted or a session ended here leaves nothing to show offline.
 */
export const authUserQuery = queryOptions({
  queryKey: authKeys.user,
  queryFn: async (context) => {
    if (await holdsSession()) return askServer(context);
    if ('caches' in globalThis) void caches.delete(PLAYER_CACHE).catch(() => false);
    return null;
  },
  retry: false,
});
