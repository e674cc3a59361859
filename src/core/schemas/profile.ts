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
export type CreateArtwork = z.infer<typeof CreateArtworkSchema>;

/** Artwork ids are generated UUIDs. */
export const ArtworkParamsSchema = z.object({ id: z.uuid('must be an artwork id') });

export const ArtworkSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  title: z.string(),
  description: z.string(),
  artType: ArtTypeSchema,
  views: z.number().int(),
  createdAt: IsoDateSchema,
});
export type Artwork = z.infer<typeof ArtworkSchema>;

export const AchievementSchema = z.object({
  id: z.enum(['first_discovery', 'pin_dropper', 'social_explorer']),
  name: z.string(),
  description: z.string(),
  unlocked: z.boolean(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

export const CollectionItemIdSchema = z.enum([
  'spray_can',
  'palette',
  'fat_cap',
  'paint_marker',
  'megaphone',
  'blackbook',
  'golden_can',
]);

/** One item of the NFT Collection, as the server computes it for the signed-in player. */
export const CollectionItemSchema = z.object({
  id: CollectionItemIdSchema,
  name: z.string(),
  description: z.string(),
  /** One of the three items character creation shows (Spray Can, Palette and a locked one). */
  starter: z.boolean(),
  unlocked: z.boolean(),
  /** How a player gets it; null for the items every player starts with. */
  howToUnlock: z.string().nullable(),
  /** For items that take several discoveries: how far along the player is. */
  progress: z.object({ current: z.number().int(), target: z.number().int() }).nullable(),
});
export type CollectionItem = z.infer<typeof CollectionItemSchema>;
