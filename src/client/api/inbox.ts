import { queryOptions } from '@tanstack/react-query';
import type { InboxUnread } from '../../core/schemas/inbox.ts';
import { getQueryFn } from '../lib/query-client.ts';

export const inboxKeys = {
  all: ['/api/inbox'] as const,
  unread: ['/api/inbox/unread'] as const,
};

/** How often a signed-in page asks for news: what others do reaches the player within it. */
const NEWS_EVERY_MS = 60_000;

/**
 * GET /api/inbox/unread: the side menu's count and the news toasts. Asked again while the page
 * is open and on focus; never for a signed-out visitor (`enabled`).
 */
export const inboxUnreadQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: inboxKeys.unread,
    queryFn: getQueryFn<InboxUnread>({ on401: 'throw' }),
    enabled,
    refetchInterval: NEWS_EVERY_MS,
    retry: false,
  });
