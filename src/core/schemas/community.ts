import { z } from 'zod';
import { IdSchema, IsoDateSchema, trimmed } from './common.ts';

export const CommunityEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['active', 'upcoming', 'ended']),
  endDate: IsoDateSchema.nullable(),
  rewardTokens: z.number().int().nullable(),
  rewardNft: z.string().nullable(),
});

export const ForumPostSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  createdAt: IsoDateSchema,
  likes: z.number().int(),
  replies: z.number().int(),
  likedByMe: z.boolean(),
  parentId: z.string().nullable(),
  user: z.object({ username: z.string() }).nullable(),
});

export const CreateForumPostSchema = z.object({
  title: trimmed(120).optional(),
  content: trimmed(4000).min(1, 'Please write something.'),
  parentId: IdSchema.optional(),
});

export const LikeResultSchema = z.object({ likes: z.number().int(), likedByMe: z.boolean() });

/**
 * SPEC §3 entry plus score, level and rank. The list is the top 100; when the signed-in player
 * is outside it, their own entry (with its real rank) is appended as the last element.
 */
export const LeaderboardEntrySchema = z.object({
  id: z.string(),
  username: z.string(),
  tokens: z.number().int(),
  discoveries: z.number().int(),
  score: z.number().int(),
  level: z.number().int(),
  rank: z.number().int(),
  isCurrentUser: z.boolean(),
});

export const LEADERBOARD_SIZE = 100;
