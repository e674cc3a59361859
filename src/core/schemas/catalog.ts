import { z } from 'zod';
import { IsoDateSchema } from './common.ts';

export const ArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  aka: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  activeYears: z.string(),
  style: z.string(),
  achievements: z.array(z.string()),
});
export type Artist = z.infer<typeof ArtistSchema>;

export const MissionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  rewardTokens: z.number().int(),
  missionType: z.string(),
  targetEmojiPin: z.string(),
  targetLocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  maxCompletions: z.number().int().nullable(),
  currentCompletions: z.number().int(),
  expiresAt: IsoDateSchema.nullable(),
  completedByMe: z.boolean(),
});
export type Mission = z.infer<typeof MissionSchema>;
