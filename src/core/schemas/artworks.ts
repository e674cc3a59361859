import { z } from 'zod';
import {
  EmojiPinSchema,
  IdSchema,
  IsoDateSchema,
  LatitudeSchema,
  LongitudeSchema,
  ObjectUrlSchema,
  integerQuery,
  trimmed,
} from './common.ts';
import { DescriptionSchema } from './discoveries.ts';
import { BoundsQuerySchema } from './map.ts';

export const ArtworkStatusSchema = z.enum(['present', 'gone']);
export type ArtworkStatus = z.infer<typeof ArtworkStatusSchema>;

export const LogKindSchema = z.enum(['found', 'gone', 'painted_over']);
export type LogKind = z.infer<typeof LogKindSchema>;

/** Why the server holds a log for review; the player sees "pending review". */
export const FlagReasonSchema = z.enum(['photo_far_from_pin', 'impossible_travel']);
export type FlagReason = z.infer<typeof FlagReasonSchema>;

/** POST /api/artworks/matches: the player's new photo and where they pinned it. */
export const MatchQuerySchema = z.object({
  imageUrl: ObjectUrlSchema,
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
});

export const ArtworkMatchSchema = z.object({
  id: z.string(),
  title: z.string(),
  artistName: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  status: ArtworkStatusSchema,
  /** Metres from the pin to the artwork. */
  distanceM: z.number(),
  /** Differing bits between the new photo and the closest photo of the artwork. */
  photoDistance: z.number().int(),
});
export type ArtworkMatch = z.infer<typeof ArtworkMatchSchema>;

export const MatchesSchema = z.object({ matches: z.array(ArtworkMatchSchema) });
export type Matches = z.infer<typeof MatchesSchema>;

/** POST /api/artworks/:id/logs. A found log needs a photo; gone may carry one. */
export const CreateLogSchema = z
  .object({
    kind: LogKindSchema,
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    imageUrl: ObjectUrlSchema.nullish(),
    /** The found log's discovery name; the artwork's title when left out. */
    name: trimmed(120).optional(),
    /** The found log's note (its discovery's description); only a find carries one. */
    description: DescriptionSchema,
    /** painted_over: the newer artwork that covers this one. */
    newArtworkId: IdSchema.optional(),
  })
  .refine((b) => b.kind !== 'found' || !!b.imageUrl, {
    message: 'A found log needs a photo.',
    path: ['imageUrl'],
  })
  .refine((b) => b.kind !== 'painted_over' || !!b.newArtworkId, {
    message: 'Say which artwork painted over this one.',
    path: ['newArtworkId'],
  })
  .refine((b) => b.kind === 'found' || !b.description, {
    message: 'Only a found log carries a note.',
    path: ['description'],
  });
export type CreateLog = z.input<typeof CreateLogSchema>;

export const ArtworkLogSchema = z.object({
  id: z.string(),
  kind: LogKindSchema,
  username: z.string().nullable(),
  imageUrl: z.string().nullable(),
  tokensAwarded: z.number().int(),
  /** Only on the player's own logs: held for review, pays once approved. */
  pendingReview: z.boolean(),
  /**
   * What the finder wrote with a find (their discovery's description); null when nothing, and
   * on the find that made the artwork, whose words are the artwork's description.
   */
  note: z.string().nullable(),
  createdAt: IsoDateSchema,
});
export type ArtworkLog = z.infer<typeof ArtworkLogSchema>;

export const ArtworkRefSchema = z.object({ id: z.string(), title: z.string() });

/** GET /api/artworks/:id: the artwork page and the map's panel. */
export const ArtworkSchema = z.object({
  id: z.string(),
  title: z.string(),
  /**
   * What its first finder wrote with the find that put it on the map ('' when nothing, for
   * open-data pieces, while that find is hidden, and once its first finder deleted their account).
   */
  description: z.string(),
  artistName: z.string().nullable(),
  emojiPin: EmojiPinSchema,
  latitude: z.number(),
  longitude: z.number(),
  status: ArtworkStatusSchema,
  coverImageUrl: z.string().nullable(),
  firstFinder: z.string().nullable(),
  /**
   * The first player who logged it as its artist: a claim on their word, shown as one until
   * an artist verifies it.
   */
  artistClaim: z.string().nullable(),
  lastSeenAt: IsoDateSchema,
  createdAt: IsoDateSchema,
  /** Found logs with a photo, newest first. */
  photos: z.array(
    z.object({
      imageUrl: z.string(),
      username: z.string().nullable(),
      createdAt: IsoDateSchema,
      /** The discovery that carries the photo: what a player reports. */
      discoveryId: z.string().nullable(),
    }),
  ),
  /** Every player who found it, first finder first. */
  finders: z.array(z.string()),
  /** The newest logs of every kind. */
  logs: z.array(ArtworkLogSchema),
  paintedOverBy: ArtworkRefSchema.nullable(),
  paintsOver: z.array(ArtworkRefSchema),
  /** Whether the signed-in player has found it. */
  foundByMe: z.boolean(),
  /** The year it was painted, when a source says so. */
  year: z.number().int().nullable(),
  address: z.string().nullable(),
  /**
   * For an artwork an open-data source lists (docs/decisions/023): whose facts these are, under
   * which licence, and whether the source still lists it. Null for a piece players pinned.
   */
  source: z
    .object({
      dataset: z.string(),
      url: z.string().nullable(),
      licence: z.string(),
      attribution: z.string(),
      /** The source gives its place to about 100 m. */
      approximate: z.boolean(),
      notInSourceSince: IsoDateSchema.nullable(),
    })
    .nullable(),
});
export type Artwork = z.infer<typeof ArtworkSchema>;

export const CreatedLogSchema = z.object({
  log: ArtworkLogSchema,
  artwork: ArtworkSchema,
});
export type CreatedLog = z.infer<typeof CreatedLogSchema>;

/** Deepest map zoom the client asks for (the map's own limit is lower). */
export const MAX_MAP_ZOOM = 24;

/** The artworks layer's filters. Free: status. Pro: the rest (PRO_FILTERS). */
const ArtworkFiltersSchema = z.object({
  status: ArtworkStatusSchema.optional(),
  seenWithinDays: z.coerce.number().int().min(1).max(3650).optional(),
  hasPhoto: z.enum(['true', 'false']).optional(),
  loggedByMe: z.enum(['true', 'false']).optional(),
});

/**
 * GET /api/artworks/in-view: the box and the map's zoom (whole levels), which sets the cluster
 * size (docs/decisions/029-map-clusters.md). Free: the artworks layer and the status filter.
 * Pro: last seen within, has photo and logged by me / not yet by me (docs/decisions/021).
 */
export const ArtworksInViewQuerySchema = BoundsQuerySchema.and(
  ArtworkFiltersSchema.extend({ zoom: integerQuery(0, MAX_MAP_ZOOM) }),
);
export type ArtworksInViewQuery = z.infer<typeof ArtworksInViewQuerySchema>;

/** GET /api/artworks/waypoints: the artworks layer's box and filters, without clusters. */
export const ArtworkWaypointsQuerySchema = BoundsQuerySchema.and(ArtworkFiltersSchema);
export type ArtworkWaypointsQuery = z.infer<typeof ArtworkWaypointsQuerySchema>;

/** Most artworks one GPX export lists: the ones seen most recently. */
export const WAYPOINTS_MAX = 1000;

/**
 * The artworks in the box with what a GPS file names them by (the map's points carry no
 * title), seen most recently first; `truncated` says the box holds more than WAYPOINTS_MAX.
 */
export const ArtworkWaypointsSchema = z.object({
  artworks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      artistName: z.string().nullable(),
      latitude: LatitudeSchema,
      longitude: z.number(),
      status: ArtworkStatusSchema,
      lastSeenAt: IsoDateSchema,
      /** The player found it (a counted or held find of theirs). */
      foundByMe: z.boolean(),
    }),
  ),
  truncated: z.boolean(),
});
export type ArtworkWaypoints = z.infer<typeof ArtworkWaypointsSchema>;

/** Filters only Pro may use; the server answers 403 to anyone else. */
export const PRO_FILTERS = ['seenWithinDays', 'hasPhoto', 'loggedByMe'] as const;

/** One artwork on the map: [id, lat, lng, cover, pin, status, lastSeenAt epoch seconds]. */
export const ArtworkPointSchema = z.tuple([
  z.string(),
  LatitudeSchema,
  z.number(),
  z.string().nullable(),
  z.string(),
  ArtworkStatusSchema,
  z.number().int(),
]);
export type ArtworkPoint = z.infer<typeof ArtworkPointSchema>;

/** A cluster of artworks: [latitude, longitude, pieces], placed at its members' mean. */
export const ArtworkClusterSchema = z.tuple([LatitudeSchema, z.number(), z.number().int()]);
export type ArtworkCluster = z.infer<typeof ArtworkClusterSchema>;

/**
 * Artworks in view, answer version 2 (docs/decisions/029-map-clusters.md): clusters with counts
 * while many pieces are in view, else the pieces themselves, newest seen first. `truncated`
 * says the answer holds less than the box does (a Pro filter over very many pieces).
 */
export const ArtworksInViewSchema = z.object({
  version: z.literal(2),
  clusters: z.array(ArtworkClusterSchema),
  points: z.array(ArtworkPointSchema),
  truncated: z.boolean(),
});
export type ArtworksInView = z.infer<typeof ArtworksInViewSchema>;

/** Layers only Pro may show: the heat of recent logs and the player's own logs. */
export const PRO_LAYERS_ONLY = 'Advanced map layers are part of Pro.';

/** How far back the heat layer counts logs. */
export const HEAT_DAYS = 30;

/**
 * GET /api/artworks/heat: artworks in the box logged in the last HEAT_DAYS days, as
 * [latitude, longitude, logs] each. Only the artwork's place and a count: no player, no time.
 */
export const HeatPointsSchema = z.object({
  points: z.array(z.tuple([LatitudeSchema, z.number(), z.number().int().positive()])),
  truncated: z.boolean(),
});
export type HeatPoints = z.infer<typeof HeatPointsSchema>;

/**
 * GET /api/artworks/my-logs: the player's own logs in the box, the newest per artwork, as
 * [artworkId, latitude, longitude, kind, createdAt epoch seconds, pendingReview].
 */
export const MyLogPointsSchema = z.object({
  points: z.array(
    z.tuple([z.string(), LatitudeSchema, z.number(), LogKindSchema, z.number().int(), z.boolean()]),
  ),
  truncated: z.boolean(),
});
export type MyLogPoints = z.infer<typeof MyLogPointsSchema>;

/**
 * GET /api/artworks/:id/nearby: the other artworks within 200 m, closest first (at most 20),
 * for "painted over by a new piece".
 */
export const NearbyArtworksSchema = z.object({
  artworks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      artistName: z.string().nullable(),
      coverImageUrl: z.string().nullable(),
      status: ArtworkStatusSchema,
      distanceM: z.number().int(),
      createdAt: IsoDateSchema,
    }),
  ),
});
export type NearbyArtworks = z.infer<typeof NearbyArtworksSchema>;
