import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CommunityEvent,
  CreateForumPost,
  ForumPost,
  LeaderboardEntry,
  LikeResult,
} from '../../../core/schemas/community.ts';
import { apiRequest } from '../../lib/query-client.ts';
import { createOrQueue } from '../../outbox/queue.ts';
import { profileKeys } from '../profile/index.ts';

/** Query keys are the request paths (SPEC §7: the default GET joins the key with "/"). */
export const communityKeys = {
  events: ['/api/community/events'] as const,
  /** Top-level posts; also the prefix of every replies key. */
  forum: ['/api/community/forum'] as const,
  replies: (postId: string) => ['/api/community/forum', postId, 'replies'] as const,
  leaderboard: ['/api/leaderboard'] as const,
};

export const eventsQuery = queryOptions<CommunityEvent[]>({ queryKey: communityKeys.events });
/** The newest 50 top-level posts. */
export const forumQuery = queryOptions<ForumPost[]>({ queryKey: communityKeys.forum });
export const repliesQuery = (postId: string) =>
  queryOptions<ForumPost[]>({ queryKey: communityKeys.replies(postId) });
/** Scores move with every player's discoveries: asked again each time the screen opens. */
export const leaderboardQuery = queryOptions<LeaderboardEntry[]>({
  queryKey: communityKeys.leaderboard,
  refetchOnMount: 'always',
});

/** Applies a change to one post wherever it is cached (the top-level list and reply lists). */
function updatePostEverywhere(
  queryClient: ReturnType<typeof useQueryClient>,
  postId: string,
  change: (post: ForumPost) => ForumPost,
) {
  queryClient.setQueriesData<ForumPost[]>({ queryKey: communityKeys.forum }, (posts) =>
    posts?.map((p) => (p.id === postId ? change(p) : p)),
  );
}

/**
 * Writes a post (or a reply with parentId; 201 with the post). A new post goes on top of the
 * list at once, a reply at the end of its thread with the parent's count moved; then the lists
 * and the achievements (Social Explorer) are refreshed from the server.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    // Without signal the post waits in the outbox (docs/decisions/034): null, nothing to show yet.
    mutationFn: (input: CreateForumPost) =>
      createOrQueue<ForumPost>({
        kind: 'forum-post',
        title: input.title ?? input.content.slice(0, 80),
        path: '/api/community/forum',
        body: input,
      }),
    onSuccess: async (post) => {
      if (!post) return;
      if (post.parentId) {
        const parentId = post.parentId;
        queryClient.setQueryData<ForumPost[]>(communityKeys.replies(parentId), (replies) =>
          replies ? [...replies.filter((r) => r.id !== post.id), post] : replies,
        );
        updatePostEverywhere(queryClient, parentId, (p) => ({ ...p, replies: p.replies + 1 }));
      } else {
        queryClient.setQueryData<ForumPost[]>(communityKeys.forum, (posts) => [
          post,
          ...(posts ?? []).filter((p) => p.id !== post.id),
        ]);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.forum }),
        queryClient.invalidateQueries({ queryKey: profileKeys.achievements }),
      ]);
    },
  });
}

/**
 * Likes or unlikes a post. The heart and count change at once (optimistic); the server's
 * answer then sets the real count, and a failure puts the previous state back.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, like }: { postId: string; like: boolean }) => {
      const res = await apiRequest(
        like ? 'POST' : 'DELETE',
        `/api/community/forum/${encodeURIComponent(postId)}/like`,
      );
      return (await res.json()) as LikeResult;
    },
    onMutate: async ({ postId, like }) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.forum });
      const previous = queryClient.getQueriesData<ForumPost[]>({ queryKey: communityKeys.forum });
      updatePostEverywhere(queryClient, postId, (p) =>
        p.likedByMe === like
          ? p
          : { ...p, likedByMe: like, likes: Math.max(0, p.likes + (like ? 1 : -1)) },
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result, { postId }) => {
      updatePostEverywhere(queryClient, postId, (p) => ({ ...p, ...result }));
    },
  });
}
