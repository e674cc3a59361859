import { z } from 'zod';
import { IsoDateSchema, trimmed } from './common.ts';

export const CommunityEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['active', 'upcoming', 'ended']),
  endDate: IsoDateSchema.nullable(),
  rewardTokens: z.number().int().nullable(),
  rewardNft: z.string().nullable(),
});
export type CommunityEvent = z.infer<typeof CommunityEventSchema>;

/** Post ids: generated UUIDs, or the seed files' lower-case slugs. */
export const ForumPostIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{3,100}$/, 'must be a forum post id');
export const ForumPostParamsSchema = z.object({ id: ForumPostIdSchema });

/** Keyset pages: `before` (top-level list) / `after` (replies) is the id of the last post seen. */
export const ForumListQuerySchema = z.object({ before: ForumPostIdSchema.optional() });
export const ForumRepliesQuerySchema = z.object({ after: ForumPostIdSchema.optional() });

export const FORUM_PAGE_SIZE = 50;
export const FORUM_REPLIES_PAGE_SIZE = 100;

export const ForumPostSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  createdAt: IsoDateSchema,
  likes: z.number().int(),
  replies: z.number().int(),
  likedByMe: z.boolean(),
  parentId: z.string().nullable(),
  /** The author; `id` is null for seeded posts, which have a name but no account. */
  user: z.object({ id: z.string().nullable(), username: z.string() }).nullable(),
  /** Only ever true for the author: hidden after reports while a moderator reviews it. */
  hidden: z.boolean(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

export const CreateForumPostSchema = z.object({
  title: trimmed(120).optional(),
  content: trimmed(4000).min(1, 'Please write something.'),
  parentId: ForumPostIdSchema.optional(),
});
export type CreateForumPost = z.infer<typeof CreateForumPostSchema>;

export const LikeResultSchema = z.object({ likes: z.number().int(), likedByMe: z.boolean() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

/**
 * SPEC §3 entry plus score, level and rank. The list is the top 100; when the signed-in player
 * is outside it, their own entry (with its real rank) is appended as the last element.
 */
export const LeaderboardEntrySchema = z.object({
  id: z.string(),
  username: z.string(),
  tokens: z.number().int(),
  discoveries: z.number().int(),
  /** Artworks this player logged before anyone else (docs/decisions/021). */
  firstFinds: z.number().int(),
  score: z.number().int(),
  level: z.number().int(),
  rank: z.number().int(),
  isCurrentUser: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LEADERBOARD_SIZE = 100;
