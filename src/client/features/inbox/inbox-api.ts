import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxPage, InboxUnread } from '../../../core/schemas/inbox.ts';
import { inboxKeys } from '../../api/inbox.ts';
import { apiRequest, throwIfResNotOk } from '../../lib/query-client.ts';

/** GET /api/inbox a page at a time, newest first; asked again each time the screen opens. */
export const inboxPagesQuery = infiniteQueryOptions({
  queryKey: inboxKeys.all,
  initialPageParam: null as string | null,
  getNextPageParam: (last: InboxPage) => last.nextBefore,
  refetchOnMount: 'always',
  queryFn: async ({ pageParam, signal }): Promise<InboxPage> => {
    const query = pageParam ? `?${new URLSearchParams({ before: pageParam })}` : '';
    const res = await fetch(`/api/inbox${query}`, { credentials: 'include', signal });
    await throwIfResNotOk(res);
    return (await res.json()) as InboxPage;
  },
});

/** POST /api/inbox/read: read up to an item; the count comes back with the answer. */
export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upTo: string) => {
      const res = await apiRequest('POST', '/api/inbox/read', { upTo });
      return (await res.json()) as InboxUnread;
    },
    onSuccess: (unread) => queryClient.setQueryData(inboxKeys.unread, unread),
  });
}
