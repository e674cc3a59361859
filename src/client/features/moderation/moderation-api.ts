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
  ModerationActionInput,
  ModerationQueues,
  ReportResult,
} from '../../../core/schemas/moderation.ts';
import { apiRequest } from '../../lib/query-client.ts';
import { authKeys } from '../../api/auth.ts';
import { communityKeys } from '../community/index.ts';

export const moderationKeys = {
  queues: ['/api/moderation/queues'] as const,
  actions: ['/api/moderation/actions'] as const,
};

export const queuesQuery = queryOptions<ModerationQueues>({
  queryKey: moderationKeys.queues,
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
