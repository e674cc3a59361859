import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AuditEntry,
  AuditPage,
  CreateReport,
  FlagPage,
  ModerationActionInput,
  ModerationQueues,
  ReportPage,
  ReportResult,
  WallPage,
} from '../../../core/schemas/moderation.ts';
import { apiRequest } from '../../lib/query-client.ts';
import { authKeys } from '../../api/auth.ts';
import { communityKeys } from '../community/index.ts';

export const moderationKeys = {
  queues: ['/api/moderation/queues'] as const,
  actions: ['/api/moderation/actions'] as const,
};

/** The first page of every queue: the tabs' counts and the accounts to check. */
export const queuesQuery = queryOptions<ModerationQueues>({
  queryKey: moderationKeys.queues,
  refetchOnMount: 'always',
});

/** Each paged queue (docs/decisions/046) and what one of its pages holds. */
export interface QueuePages {
  reports: ReportPage;
  flags: FlagPage;
  walls: WallPage;
  'imported-walls': WallPage;
}
export type QueueName = keyof QueuePages;

/**
 * One queue, a page at a time, newest first. Its key sits under the queues' key, so a decision
 * that refreshes the queues refreshes every page shown.
 */
export const queuePagesQuery = <Q extends QueueName>(queue: Q) =>
  infiniteQueryOptions({
    queryKey: [...moderationKeys.queues, queue] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<QueuePages[Q]> => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      const res = await apiRequest('GET', `/api/moderation/queues/${queue}${query}`);
      return (await res.json()) as QueuePages[Q];
    },
    getNextPageParam: (page) => page.nextCursor,
    refetchOnMount: 'always',
  });

/** The audit log, 50 entries a page, newest first. */
export const auditLogQuery = infiniteQueryOptions({
  queryKey: moderationKeys.actions,
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam }): Promise<AuditPage> => {
    const query = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
    const res = await apiRequest('GET', `/api/moderation/actions${query}`);
    return (await res.json()) as AuditPage;
  },
  getNextPageParam: (page) => page.nextBefore,
  refetchOnMount: 'always',
});

/** Reports a post, photo, artwork, log, wall, profile or gallery piece (201, or 409 if already). */
export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateReport): Promise<ReportResult> => {
      const res = await apiRequest('POST', '/api/reports', input);
      return (await res.json()) as ReportResult;
    },
    // A report that hid something: the lists on screen that held it are asked again.
    onSuccess: (result) => {
      if (result.hidden) void queryClient.invalidateQueries();
    },
  });
}

/** One staff action; the queues, the audit log and every list the change may touch refresh. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ModerationActionInput): Promise<AuditEntry> => {
      const res = await apiRequest('POST', '/api/moderation/actions', input);
      return ((await res.json()) as { entry: AuditEntry }).entry;
    },
    // A refusal often means the card is out of date (another moderator decided): show it as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: moderationKeys.queues }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.queues }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.actions }),
        queryClient.invalidateQueries({ queryKey: communityKeys.forum }),
        queryClient.invalidateQueries({ queryKey: authKeys.user }),
      ]);
    },
  });
}
