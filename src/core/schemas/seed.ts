import { z } from 'zod';
import { EmojiPinSchema, LatitudeSchema, LongitudeSchema } from './common.ts';

/** Records of the seed files in src/data. Every record names where its facts come from. */
const SourceSchema = z.string().min(3, 'every record needs a source');
const SeedIdSchema = z.string().regex(/^[a-z0-9-]{3,80}$/, 'stable lower-case slug');

export const SeedLegalWallSchema = z.object({
  id: SeedIdSchema,
  name: z.string().min(2),
  description: z.string().min(1),
  city: z.string().min(1),
  country: z.string().min(2),
  address: z.string().min(1),
  hours: z.string().min(1),
  permitRequired: z.boolean(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  source: SourceSchema,
});

export const SeedArtistSchema = z.object({
  id: SeedIdSchema,
  name: z.string().min(1),
  aka: z.string().nullable(),
  city: z.string().min(1),
  country: z.string().min(2),
  activeYears: z.string().min(4),
  style: z.string().min(1),
  achievements: z.array(z.string().min(1)),
  source: SourceSchema,
});

export const SeedMissionSchema = z.object({
  id: SeedIdSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  rewardTokens: z.number().int().positive(),
  missionType: z.string().min(1),
  targetEmojiPin: z.enum(['tag', 'location', 'marker', 'flag', 'hot_spot']),
  targetLocation: z.object({ lat: LatitudeSchema, lng: LongitudeSchema }).nullable(),
  maxCompletions: z.number().int().positive().nullable(),
  /** Expiry is seeding time plus this many days, renewed on start-up once it lapses. */
  durationDays: z.number().int().positive(),
  source: SourceSchema,
});

export const SeedEventSchema = z.object({
  id: SeedIdSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  status: z.enum(['active', 'upcoming', 'ended']),
  /** End date as days after seeding; null for an open-ended event. */
  durationDays: z.number().int().positive().nullable(),
  rewardTokens: z.number().int().positive().nullable(),
  rewardNft: z.string().min(1).nullable(),
  source: SourceSchema,
});

export const SeedForumPostSchema = z.object({
  id: SeedIdSchema,
  authorName: z.string().min(1),
  title: z.string().min(1).nullable(),
  content: z.string().min(1),
  daysAgo: z.number().int().min(0),
  source: SourceSchema,
});

/** Where an open-data record comes from, as the importer stores it (decision 023). */
const provenance = {
  sourceId: z.string().min(3),
  sourceRecordId: z.string().min(1),
  sourceUrl: z.url({ protocol: /^https?$/ }),
  licence: z.string().min(3),
  attribution: z.string().min(3),
  lowPrecision: z.boolean(),
};

/**
 * A real artwork from an openly licensed council dataset (scripts/build-seed-open-data.ts writes
 * src/data/artworks.json). Facts and provenance only: a description is never copied, so the
 * object is strict and one would fail it. `listedAt` is the dataset snapshot's date: the row's
 * created and last-seen time, since nobody has confirmed the piece since.
 */
export const SeedArtworkSchema = z.strictObject({
  id: z
    .string()
    .regex(/^art-[a-z0-9-]{3,190}$/, "'art-<source>-<record id>' as the importer makes"),
  title: z.string().min(1).max(200),
  artistName: z.string().min(1).nullable(),
  year: z.number().int().min(1500).max(2100).nullable(),
  address: z.string().min(1).nullable(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  status: z.enum(['present', 'gone']),
  emojiPin: EmojiPinSchema,
  ...provenance,
  listedAt: z.iso.date(),
});

/**
 * A legal wall from an openly licensed council list (scripts/build-seed-open-data.ts writes
 * src/data/open-data-walls.json). A dated list's walls (`listedYear`) are seeded unverified.
 */
export const SeedOpenDataWallSchema = z.strictObject({
  ...SeedLegalWallSchema.shape,
  id: z
    .string()
    .regex(/^wall-[a-z0-9-]{3,190}$/, "'wall-<source>-<record id>' as the importer makes"),
  status: z.enum(['unverified', 'verified']),
  listedYear: z.number().int().min(1990).max(2100).nullable(),
  ...provenance,
});

export type SeedLegalWall = z.infer<typeof SeedLegalWallSchema>;
export type SeedOpenDataWall = z.infer<typeof SeedOpenDataWallSchema>;
export type SeedArtist = z.infer<typeof SeedArtistSchema>;
export type SeedMission = z.infer<typeof SeedMissionSchema>;
export type SeedEvent = z.infer<typeof SeedEventSchema>;
export type SeedForumPost = z.infer<typeof SeedForumPostSchema>;
export type SeedArtwork = z.infer<typeof SeedArtworkSchema>;
