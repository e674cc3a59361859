import { z } from 'zod';
import {
  CHALLENGE_KINDS,
  CHALLENGE_LIMITS,
  HOME_RADIUS_M,
  canonicalTimeZone,
} from '../challenges.ts';
import {
  IdSchema,
  IsoDateSchema,
  LatitudeSchema,
  LongitudeSchema,
  latitudeQuery,
  longitudeQuery,
  trimmed,
} from './common.ts';

/** A week is named by its Monday: 'YYYY-MM-DD', a real date that falls on a Monday. */
export const WeekSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && d.getUTCDay() === 1;
  }, 'must be a Monday (weeks start on Monday)');

export const ChallengeAreaSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radiusKm: z.number(),
  /** IANA zone its weeks are told in. */
  timeZone: z.string(),
  /** This week's Monday in the area's zone. */
  week: z.string(),
  /** From the point asked about, when one was given. */
  distanceKm: z.number().nullable(),
});
export type ChallengeArea = z.infer<typeof ChallengeAreaSchema>;

export const ChallengeSchema = z.object({
  id: z.string(),
  kind: z.enum(CHALLENGE_KINDS),
  title: z.string(),
  goal: z.number().int(),
  rewardTokens: z.number().int(),
  area: ChallengeAreaSchema,
  /** The week this is about, its Monday, and when it starts and ends (area's zone). */
  week: z.string(),
  startsAt: IsoDateSchema,
  endsAt: IsoDateSchema,
  /** The player's counted finds (or confirmed walls) inside the area this week. */
  progress: z.number().int(),
  /** The reward was paid for this week. */
  claimed: z.boolean(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** Query strings arrive as text: both coordinates, or neither. */
export const ChallengesQuerySchema = z
  .object({ latitude: latitudeQuery.optional(), longitude: longitudeQuery.optional() })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'give both latitude and longitude, or neither',
    path: ['longitude'],
  });

export const ClaimChallengeSchema = z.object({
  /** A past week still pays when its goal was reached in it; this week by default. */
  week: WeekSchema.optional(),
});

export const ClaimedChallengeSchema = z.object({
  challengeId: z.string(),
  week: z.string(),
  tokens: z.number().int(),
  challenge: ChallengeSchema,
});
export type ClaimedChallenge = z.infer<typeof ClaimedChallengeSchema>;

const timeZone = z
  .string()
  .trim()
  .max(64)
  .transform((zone, ctx) => {
    const known = canonicalTimeZone(zone);
    if (!known) {
      ctx.addIssue({
        code: 'custom',
        message: "must be an IANA time zone ('Australia/Melbourne')",
      });
      return z.NEVER;
    }
    return known;
  });

export const CreateChallengeAreaSchema = z.object({
  name: trimmed(CHALLENGE_LIMITS.name.max).min(1, 'is required'),
  city: trimmed(CHALLENGE_LIMITS.name.max).min(1, 'is required'),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  radiusKm: z.number().min(CHALLENGE_LIMITS.radiusKm.min).max(CHALLENGE_LIMITS.radiusKm.max),
  timeZone,
});
export type CreateChallengeArea = z.infer<typeof CreateChallengeAreaSchema>;

export const CreateChallengeSchema = z
  .object({
    areaId: IdSchema,
    kind: z.enum(CHALLENGE_KINDS),
    goal: z.number().int().min(1).max(CHALLENGE_LIMITS.goal.max),
    rewardTokens: z.number().int().min(0).max(CHALLENGE_LIMITS.rewardTokens.max),
    /** The first week it runs; this week in the area's zone by default. */
    firstWeek: WeekSchema.optional(),
    /** The last week it runs; null or missing: every week from the first on. */
    lastWeek: WeekSchema.nullable().optional(),
  })
  .refine((c) => !c.firstWeek || !c.lastWeek || c.lastWeek >= c.firstWeek, {
    message: 'must not be before firstWeek',
    path: ['lastWeek'],
  });
export type CreateChallenge = z.infer<typeof CreateChallengeSchema>;

export const AreaRankSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Counted finds inside the area that week. */
  finds: z.number().int(),
  /** Equal for players with the same count reached at the same moment. */
  rank: z.number().int(),
  isCurrentUser: z.boolean(),
});
export type AreaRank = z.infer<typeof AreaRankSchema>;

export const AreaLeaderboardQuerySchema = z.object({ week: WeekSchema.optional() });

export const AreaLeaderboardSchema = z.object({
  area: ChallengeAreaSchema,
  week: z.string(),
  startsAt: IsoDateSchema,
  endsAt: IsoDateSchema,
  /** The week is over: these are its kept results. */
  closed: z.boolean(),
  /** Players with at least one counted find there that week. */
  players: z.number().int(),
  top: z.array(AreaRankSchema),
  /** The viewer's own row when they are not in the top (null when they found nothing there). */
  me: AreaRankSchema.nullable(),
});
export type AreaLeaderboard = z.infer<typeof AreaLeaderboardSchema>;

/** The hidden home: a point and a radius; null when the player set none. */
export const HomeAreaSchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  radiusM: z
    .number()
    .int()
    .min(HOME_RADIUS_M.min)
    .max(HOME_RADIUS_M.max)
    .describe(`metres, ${HOME_RADIUS_M.min}-${HOME_RADIUS_M.max}`),
});
export type HomeArea = z.infer<typeof HomeAreaSchema>;

export const PrivacySchema = z.object({ home: HomeAreaSchema.nullable() });
export type Privacy = z.infer<typeof PrivacySchema>;
