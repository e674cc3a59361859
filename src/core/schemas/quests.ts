import { z } from 'zod';
import { QUEST_KINDS } from '../quests.ts';
import {
  IdSchema,
  IsoDateSchema,
  LatitudeSchema,
  LongitudeSchema,
  ObjectUrlSchema,
  latitudeQuery,
  longitudeQuery,
} from './common.ts';

/** Quests near you (docs/decisions/043-quests.md). */

export const QuestKindSchema = z.enum(QUEST_KINDS);

/** Metres a device says its position may be off by; a phone's is tens, a desktop's thousands. */
const ACCURACY_MAX_M = 100_000;
export const AccuracySchema = z.number().min(0).max(ACCURACY_MAX_M);

/** GET /api/quests?lat&lng&accuracy: where the player stands, and how sure the device is. */
export const QuestsQuerySchema = z.object({
  lat: latitudeQuery,
  lng: longitudeQuery,
  accuracy: z
    .string()
    .trim()
    .min(1, 'is required')
    .pipe(z.coerce.number<string>().min(0).max(ACCURACY_MAX_M)),
});

export const QuestSchema = z.object({
  kind: QuestKindSchema,
  /** The artwork's id, or the wall's for visit_wall. */
  targetId: z.string(),
  title: z.string(),
  /** The artist or address of a piece, the address and city of a wall. */
  place: z.string().nullable(),
  imageUrl: z.string().nullable(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  /** From the position asked about. */
  distanceM: z.number(),
  /** Tokens a counted answer earns this player (Pro doubled). */
  reward: z.number().int(),
  /** still_there: when a player last logged it as found. */
  lastSeenAt: IsoDateSchema.nullable(),
  /** still_there: reported gone since it was last seen. */
  reportedGone: z.boolean(),
});
export type Quest = z.infer<typeof QuestSchema>;

export const QuestsSchema = z.object({
  quests: z.array(QuestSchema),
  /** How close an answer must be, at the accuracy asked with. */
  answerRadiusM: z.number(),
  searchRadiusKm: z.number(),
});
export type Quests = z.infer<typeof QuestsSchema>;

export const AnswerQuestParamsSchema = z.object({ kind: QuestKindSchema, targetId: IdSchema });

/** POST /api/quests/:kind/:targetId/answer. */
export const AnswerQuestSchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  accuracy: AccuracySchema,
  /** The player's photo of it, taken there: its own GPS must say so. */
  imageUrl: ObjectUrlSchema,
  /** who_painted only: the artist's name as the player knows it. */
  artistName: z.string().trim().min(1, 'say who painted it').max(120).optional(),
});
export type AnswerQuest = z.input<typeof AnswerQuestSchema>;

export const QuestAnswerSchema = z.object({
  kind: QuestKindSchema,
  targetId: z.string(),
  /** Held by the fair-play checks: pays nothing until a moderator releases it. */
  held: z.boolean(),
  /** The quest's reward paid now. */
  tokens: z.number().int(),
  /** What the find itself paid (an artwork's quest is also a find of it); 0 for a wall. */
  findTokens: z.number().int(),
  /** The artwork whose history the answer joined, or null for a wall. */
  artworkId: z.string().nullable(),
});
export type QuestAnswer = z.infer<typeof QuestAnswerSchema>;
