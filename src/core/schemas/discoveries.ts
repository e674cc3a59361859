import { z } from 'zod';
import { DESCRIPTION_MAX } from '../constants.ts';
import {
  EmojiPinSchema,
  IdSchema,
  IsoDateSchema,
  LatitudeSchema,
  LongitudeSchema,
  ObjectUrlSchema,
  latitudeQuery,
  longitudeQuery,
  trimmed,
} from './common.ts';

export const UserRoleSchema = z.enum(['photographer', 'artist']);

/** What a player writes about a piece: a discovery's description, a find's note. */
export const DescriptionSchema = trimmed(DESCRIPTION_MAX).optional().default('');

/**
 * SPEC §7 POST /api/discoveries. tokensAwarded and address are accepted for compatibility but
 * the server computes both; metadata is rebuilt on the server from trusted values.
 */
export const CreateDiscoverySchema = z.object({
  name: trimmed(120).min(1, 'Please enter a name for your discovery.'),
  description: DescriptionSchema,
  imageUrl: ObjectUrlSchema.nullish(),
  emojiPin: EmojiPinSchema.default('location'),
  userRole: UserRoleSchema.default('photographer'),
  isFreshArt: z.boolean().default(false),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  address: z.string().max(200).optional(),
  tokensAwarded: z.number().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** Log this as a find of an artwork already on the map (POST /api/artworks/matches). */
  artworkId: IdSchema.optional(),
});
export type CreateDiscovery = z.input<typeof CreateDiscoverySchema>;

export const CreateGraffitiSchema = z.object({
  name: trimmed(120).min(1, 'Please enter a title for your graffiti discovery.'),
  description: DescriptionSchema,
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  imageUrl: ObjectUrlSchema,
  artistName: trimmed(120).optional(),
  artType: z.literal('graffiti').default('graffiti'),
  /** Log this as a find of an artwork already on the map (POST /api/artworks/matches). */
  artworkId: IdSchema.optional(),
});
export type CreateGraffiti = z.input<typeof CreateGraffitiSchema>;

export const DiscoveryMetadataSchema = z.object({
  timestamp: IsoDateSchema,
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  submissionType: z.enum(['fresh_artwork', 'discovery']),
  emojiType: EmojiPinSchema,
});

export const DiscoverySchema = z.object({
  id: z.string(),
  kind: z.enum(['discovery', 'graffiti']),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  emojiPin: EmojiPinSchema,
  userRole: UserRoleSchema,
  isFreshArt: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
  tokensAwarded: z.number().int(),
  artistName: z.string().nullable(),
  artType: z.string().nullable(),
  metadata: DiscoveryMetadataSchema.nullable(),
  /** The artwork this discovery logs a find of. */
  artworkId: z.string().nullable(),
  createdAt: IsoDateSchema,
});
export type Discovery = z.infer<typeof DiscoverySchema>;

/** rewardTokens is what the player was actually credited (doubled for Pro). */
export const CompletedMissionSchema = z.object({
  id: z.string(),
  title: z.string(),
  rewardTokens: z.number().int(),
});
export type CompletedMission = z.infer<typeof CompletedMissionSchema>;

/** What a create returns: the record, the real award, and any mission it completed. */
export const CreatedDiscoverySchema = DiscoverySchema.extend({
  completedMissions: z.array(CompletedMissionSchema),
  /** Held for review by the fair-play checks: it pays once approved. */
  pendingReview: z.boolean(),
  /** Saved without a photo: it pays once the player adds one (PUT /api/discoveries/:id/photo). */
  awaitingPhoto: z.boolean(),
});
export type CreatedDiscovery = z.infer<typeof CreatedDiscoverySchema>;

/** GET /api/discoveries/user: the player's own records (SPEC's listed form is a subset). */
export const UserDiscoverySchema = DiscoverySchema;
export type UserDiscovery = z.infer<typeof UserDiscoverySchema>;

export const USER_DISCOVERIES_MAX = 200;

export const UserDiscoveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(USER_DISCOVERIES_MAX).default(USER_DISCOVERIES_MAX),
});

/** GET /api/discoveries/mine: My Discoveries, a page at a time. */
export const MY_DISCOVERIES_PAGE_SIZE = 20;
export const MY_DISCOVERIES_PAGE_MAX = 50;

/** Keyset pages: `before` is the id of the last discovery of the previous page. */
export const MyDiscoveriesQuerySchema = z.object({
  before: IdSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MY_DISCOVERIES_PAGE_MAX)
    .default(MY_DISCOVERIES_PAGE_SIZE),
});

/** A row of My Discoveries: the discovery, and the find it logs of its artwork. */
export const MyDiscoverySchema = UserDiscoverySchema.extend({
  artwork: z
    .object({
      title: z.string(),
      status: z.enum(['present', 'gone']),
      /** Whether this player found it first. */
      firstFinder: z.boolean(),
    })
    .nullable(),
  /** Held by the fair-play checks: pays once approved. */
  pendingReview: z.boolean(),
  /** Saved without a photo: pays once one is added. */
  awaitingPhoto: z.boolean(),
});
export type MyDiscovery = z.infer<typeof MyDiscoverySchema>;

export const MyDiscoveriesPageSchema = z.object({
  items: z.array(MyDiscoverySchema),
  /** How many the player has in all: every find, repeat visits and those held for review too. */
  total: z.number().int(),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type MyDiscoveriesPage = z.infer<typeof MyDiscoveriesPageSchema>;

/** PUT /api/discoveries/:id/photo: the evidence for a discovery saved without a photo. */
export const AddDiscoveryPhotoSchema = z.object({ imageUrl: ObjectUrlSchema });

export const NearbyDiscoverySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  emojiPin: EmojiPinSchema,
  kind: z.enum(['discovery', 'graffiti']),
  latitude: z.number(),
  longitude: z.number(),
  username: z.string().nullable(),
  createdAt: IsoDateSchema,
  distanceKm: z.number(),
});

export type NearbyDiscovery = z.infer<typeof NearbyDiscoverySchema>;

/**
 * A discovery as any signed-in player may see it on the map, with the artwork it logs (the map
 * opens a link to a discovery at its artwork).
 */
export const MapDiscoverySchema = NearbyDiscoverySchema.omit({ distanceKm: true }).extend({
  artworkId: z.string().nullable(),
});
export type MapDiscovery = z.infer<typeof MapDiscoverySchema>;

export const NearbyQuerySchema = z.object({
  latitude: latitudeQuery,
  longitude: longitudeQuery,
  radius: z.coerce.number().positive().max(50).default(4),
});
