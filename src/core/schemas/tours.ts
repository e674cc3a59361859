import { z } from 'zod';
import {
  TOUR_CITY_MAX,
  TOUR_CITY_MIN,
  TOUR_DESCRIPTION_MAX,
  TOUR_STOPS_MAX,
  TOUR_STOPS_MIN,
  TOUR_TITLE_MAX,
  TOUR_TITLE_MIN,
} from '../tours.ts';
import {
  IdSchema,
  LatitudeSchema,
  LongitudeSchema,
  latitudeQuery,
  longitudeQuery,
  trimmed,
} from './common.ts';
import { MODERATION_REASON_MAX } from '../moderation-limits.ts';

/* Walking tours (docs/decisions/044-walking-tours.md). */

export const TOUR_STOP_KINDS = ['artwork', 'wall'] as const;
export type TourStopKind = (typeof TOUR_STOP_KINDS)[number];

/** A stop as an author names it: an artwork or a legal wall on the map. */
export const TourStopRefSchema = z.object({ kind: z.enum(TOUR_STOP_KINDS), id: IdSchema });
export type TourStopRef = z.infer<typeof TourStopRefSchema>;

/** POST /api/tours and PUT /api/tours/:id: the whole tour, its stops in walking order. */
export const TourInputSchema = z.object({
  title: trimmed(TOUR_TITLE_MAX).min(TOUR_TITLE_MIN, 'Please give the tour a title.'),
  description: trimmed(TOUR_DESCRIPTION_MAX).default(''),
  city: trimmed(TOUR_CITY_MAX).min(TOUR_CITY_MIN, 'Please name the city.'),
  stops: z
    .array(TourStopRefSchema)
    .min(TOUR_STOPS_MIN, `A tour needs at least ${TOUR_STOPS_MIN} stops.`)
    .max(TOUR_STOPS_MAX, `A tour has at most ${TOUR_STOPS_MAX} stops.`),
});
export type TourInput = z.infer<typeof TourInputSchema>;

/** GET /api/tours: by city (ignoring case and accents), or nearest first from a point. */
export const TourListQuerySchema = z
  .object({
    city: trimmed(TOUR_CITY_MAX).min(1, 'is required').optional(),
    latitude: latitudeQuery.optional(),
    longitude: longitudeQuery.optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'latitude and longitude go together',
    path: ['longitude'],
  });
export type TourListQuery = z.infer<typeof TourListQuerySchema>;

const PointSchema = z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema });

/** A tour in a list: enough to choose one. */
export const TourSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  /** Stops shown to players (a hidden artwork or a closed wall drops out). */
  stopCount: z.number().int(),
  /** The straight lines from stop to stop, in metres. */
  distanceMetres: z.number().int(),
  /** Walking time at WALK_KMH over the lines plus STREET_DETOUR, to the next 5 minutes. */
  walkMinutes: z.number().int(),
  start: PointSchema,
  /** The player who made it; null for a tour curated by StreetScope (seeded). */
  author: z.string().nullable(),
  /** Made by StreetScope or its staff. */
  curated: z.boolean(),
  /** Stops the signed-in player found (a counted find, or a logged visit of a wall); null signed out. */
  found: z.number().int().nullable(),
  /** Kilometres from the point asked about to the first stop; null without one. */
  distanceKm: z.number().nullable(),
  /** Hidden after reports: only its author still sees it, marked so. */
  hidden: z.boolean(),
});
export type TourSummary = z.infer<typeof TourSummarySchema>;

export const TourListSchema = z.object({
  tours: z.array(TourSummarySchema),
  /** The signed-in player may make tours: staff, or an established player. */
  canCreate: z.boolean(),
});
export type TourList = z.infer<typeof TourListSchema>;

export const TourStopSchema = PointSchema.extend({
  kind: z.enum(TOUR_STOP_KINDS),
  id: z.string(),
  title: z.string(),
  /** The artist (artworks) or the city (walls), when known. */
  subtitle: z.string().nullable(),
  /** An artwork reported gone, or a wall not verified: worth knowing before the walk. */
  note: z.string().nullable(),
  /** Metres from the stop before (0 for the first). */
  legMetres: z.number().int(),
  found: z.boolean().nullable(),
});
export type TourStop = z.infer<typeof TourStopSchema>;

/** Where the stops' facts come from: a dataset, its licence and its page. */
export const TourSourceSchema = z.object({
  attribution: z.string(),
  licence: z.string(),
  url: z.string().nullable(),
});
export type TourSource = z.infer<typeof TourSourceSchema>;

export const TourDetailSchema = TourSummarySchema.extend({
  description: z.string(),
  stops: z.array(TourStopSchema),
  /** The route for the map: GeoJSON, [longitude, latitude] from stop to stop. */
  line: z.object({
    type: z.literal('LineString'),
    coordinates: z.array(z.tuple([z.number(), z.number()])),
  }),
  sources: z.array(TourSourceSchema),
  /** The signed-in player made it and may change it. */
  mine: z.boolean(),
  /** The signed-in player may delete it: its author, or staff. */
  mayDelete: z.boolean(),
});
export type TourDetail = z.infer<typeof TourDetailSchema>;

/** DELETE /api/tours/:id: staff deleting another's tour say why (the audit log keeps it). */
export const TourDeleteSchema = z.object({
  reason: trimmed(MODERATION_REASON_MAX).min(1, 'Please give a reason.').optional(),
});
export type TourDelete = z.infer<typeof TourDeleteSchema>;

/**
 * A seeded tour (src/data/tours.json, written by scripts/build-seed-tours.ts): our own title and
 * words, the open-data artworks it visits in walking order from `start`, and the datasets and
 * licences their facts come from.
 */
export const SeedTourSchema = z.strictObject({
  id: z.string().regex(/^tour-[a-z0-9-]{3,80}$/, "'tour-<slug>'"),
  title: z.string().min(TOUR_TITLE_MIN).max(TOUR_TITLE_MAX),
  description: z.string().min(1).max(TOUR_DESCRIPTION_MAX),
  city: z.string().min(TOUR_CITY_MIN).max(TOUR_CITY_MAX),
  start: PointSchema.extend({ name: z.string().min(1) }),
  stops: z.array(z.string().regex(/^art-/)).min(TOUR_STOPS_MIN).max(TOUR_STOPS_MAX),
  sources: z
    .array(
      z.object({
        sourceId: z.string().min(3),
        attribution: z.string().min(3),
        licence: z.string().min(3),
        url: z.url(),
      }),
    )
    .min(1),
});
export type SeedTour = z.infer<typeof SeedTourSchema>;
