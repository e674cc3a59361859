import { z } from 'zod';
import { WALL_REPORT_REASONS, WALL_STATUSES } from '../wall-status.ts';
import {
  IsoDateSchema,
  LatitudeSchema,
  LongitudeSchema,
  ObjectUrlSchema,
  integerQuery,
  latitudeQuery,
  longitudeQuery,
  trimmed,
} from './common.ts';

/**
 * Where a wall's facts come from (docs/decisions/026): a curated record's public pages, an
 * open-data source (publisher, licence, link), or the player who proposed it (and the link
 * they gave).
 */
export const WallSourceSchema = z.object({
  kind: z.enum(['curated', 'open_data', 'player']),
  /** "from <label>" or "proposed by <label>": a site, a publisher, or a username. */
  label: z.string(),
  url: z.string().nullable(),
  licence: z.string().nullable(),
  /** Every public page a curated record names. */
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  /** The source no longer lists the wall since then. */
  notInSourceSince: IsoDateSchema.nullable(),
  /** Who listed a wall from a dated list: "Listed by <listedBy>, <year>". */
  listedBy: z.string().nullable(),
});
export type WallSource = z.infer<typeof WallSourceSchema>;

export const LegalWallSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  city: z.string(),
  country: z.string(),
  address: z.string(),
  hours: z.string(),
  permitRequired: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(WALL_STATUSES),
  imageUrl: z.string().nullable(),
  permitRules: z.string().nullable(),
  /** The newest "painted here legally on" date a player confirmed. */
  lastConfirmedAt: IsoDateSchema.nullable(),
  /** The year its source listed it; shown while nobody has confirmed it since. */
  listedYear: z.number().int().nullable(),
  /** Distinct players who confirmed it, and those of them whose confirmation counts. */
  confirmations: z.object({ players: z.number().int(), counting: z.number().int() }),
  source: WallSourceSchema,
});
export type LegalWall = z.infer<typeof LegalWallSchema>;

export const NearbyLegalWallSchema = LegalWallSchema.extend({ distanceKm: z.number() });
export type NearbyLegalWall = z.infer<typeof NearbyLegalWallSchema>;

/** One wall for its panel: the newest confirmations and what the signed-in player may do. */
export const WallDetailSchema = LegalWallSchema.extend({
  recentConfirmations: z.array(
    z.object({
      username: z.string().nullable(),
      paintedOn: z.iso.date(),
      imageUrl: z.string().nullable(),
      counts: z.boolean(),
    }),
  ),
  viewer: z
    .object({
      /** A documented discovery within 200 m, or the player proposed it. */
      visited: z.boolean(),
      proposer: z.boolean(),
      /** The player has an open report on it. */
      reported: z.boolean(),
      /** Their confirmations count toward verifying (established, not the proposer). */
      counts: z.boolean(),
    })
    .nullable(),
});
export type WallDetail = z.infer<typeof WallDetailSchema>;

export const NearbyWallsQuerySchema = z.object({
  latitude: latitudeQuery,
  longitude: longitudeQuery,
  radius: z.coerce.number().positive().max(500).default(10),
});

/** GET /api/legal-walls: walls a page at a time (docs/decisions/026, "The list at any size"). */
export const WALL_PAGE_SIZE = 24;
export const WALL_PAGE_MAX = 100;
export const WALL_SEARCH_MAX = 100;
/** Room for a wall name of a few thousand characters; ours are far shorter. */
export const WALL_CURSOR_MAX = 4096;

export const WallListQuerySchema = z
  .object({
    q: trimmed(WALL_SEARCH_MAX)
      .optional()
      .describe('Part of a name or a city, ignoring case and accents'),
    latitude: latitudeQuery
      .optional()
      .describe('With longitude: closest to this point first, each wall with distanceKm'),
    longitude: longitudeQuery.optional().describe('With latitude'),
    cursor: z
      .string()
      .min(1)
      .max(WALL_CURSOR_MAX)
      .optional()
      .describe('nextCursor of the previous page, asked with the same q and point'),
    limit: integerQuery(1, WALL_PAGE_MAX)
      .default(WALL_PAGE_SIZE)
      .describe(`Walls per page, 1-${WALL_PAGE_MAX}`),
  })
  .superRefine((query, ctx) => {
    for (const [given, missing] of [
      ['latitude', 'longitude'],
      ['longitude', 'latitude'],
    ] as const) {
      if (query[given] !== undefined && query[missing] === undefined) {
        ctx.addIssue({ code: 'custom', path: [missing], message: `is required with ${given}` });
      }
    }
  });
export type WallListQuery = z.output<typeof WallListQuerySchema>;

export const WallListItemSchema = LegalWallSchema.extend({
  /** Only when the page is ordered by distance from a point. */
  distanceKm: z.number().optional(),
});
export type WallListItem = z.infer<typeof WallListItemSchema>;

export const WallListPageSchema = z.object({
  items: z.array(WallListItemSchema),
  /** Open walls in all, or those matching q. */
  total: z.number().int(),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type WallListPage = z.infer<typeof WallListPageSchema>;

const required = (max: number) => trimmed(max).min(1, 'is required');
const httpsUrl = z
  .url({ protocol: /^https$/, error: 'must be an https:// link' })
  .max(500)
  .nullish()
  .transform((v) => v ?? null);

/** POST /api/legal-walls: a player's proposal, stored unverified. */
export const ProposeWallSchema = z.object({
  name: trimmed(120).min(3, 'must be at least 3 characters'),
  imageUrl: ObjectUrlSchema,
  description: trimmed(2000).min(10, 'must be at least 10 characters'),
  permitRequired: z.boolean(),
  permitRules: trimmed(1000).default(''),
  hours: required(200),
  city: required(100),
  country: required(100),
  address: required(300),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  sourceUrl: httpsUrl,
});
export type ProposeWall = z.input<typeof ProposeWallSchema>;

/** POST /api/legal-walls/:id/confirmations: "painted here legally on <date>". */
export const ConfirmWallSchema = z.object({
  paintedOn: z.iso.date('must be a date (YYYY-MM-DD)'),
  imageUrl: ObjectUrlSchema.nullish().transform((v) => v ?? null),
});
export type ConfirmWall = z.input<typeof ConfirmWallSchema>;

/** POST /api/legal-walls/:id/reports. */
export const ReportWallSchema = z.object({
  reason: z.enum(WALL_REPORT_REASONS),
  note: trimmed(500).default(''),
});
export type ReportWall = z.input<typeof ReportWallSchema>;

export const ConfirmedWallSchema = z.object({
  wall: WallDetailSchema,
  /** Whether this confirmation counts toward verifying the wall. */
  counts: z.boolean(),
});
export type ConfirmedWall = z.infer<typeof ConfirmedWallSchema>;
