import { z } from 'zod';
import { IsoDateSchema, ObjectUrlSchema, trimmed } from './common.ts';

export const ProfilePictureSchema = z.object({ imageUrl: ObjectUrlSchema });

export const ArtTypeSchema = z.enum(['graffiti', 'digital', 'photo', 'sketch']);

export const CreateArtworkSchema = z.object({
  imageUrl: ObjectUrlSchema,
  title: trimmed(120).min(1, 'Please enter a title.'),
  description: trimmed(2000).optional().default(''),
  artType: ArtTypeSchema.default('graffiti'),
});

export const ArtworkSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  description: z.string(),
  artType: ArtTypeSchema,
  views: z.number().int(),
  createdAt: IsoDateSchema,
});

export const AchievementSchema = z.object({
  id: z.enum(['first_discovery', 'pin_dropper', 'social_explorer']),
  name: z.string(),
  description: z.string(),
  unlocked: z.boolean(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

/** SPEC §3 "Listed form" of a discovery in the player's own list. */
export const UserDiscoverySchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: IsoDateSchema,
  emojiPin: z.string(),
  kind: z.enum(['discovery', 'graffiti']),
  tokensAwarded: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
});
