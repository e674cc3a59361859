import { z } from 'zod';
import { EMOJI_PIN_IDS, type EmojiPin } from '../constants.ts';

export const LatitudeSchema = z.number().min(-90).max(90);
export const LongitudeSchema = z.number().min(-180).max(180);

/** Query strings arrive as text; an empty one is missing (not 0), then coerce and range-check. */
const numberQuery = (min: number, max: number) =>
  z.string().trim().min(1, 'is required').pipe(z.coerce.number<string>().min(min).max(max));
export const latitudeQuery = numberQuery(-90, 90);
export const longitudeQuery = numberQuery(-180, 180);
/** A whole number in a query string, empty refused the same way. */
export const integerQuery = (min: number, max: number) =>
  z.string().trim().min(1, 'is required').pipe(z.coerce.number<string>().int().min(min).max(max));

export const IdSchema = z.string().min(1).max(100);
export const IdParamsSchema = z.object({ id: IdSchema });

export const ErrorSchema = z.object({ message: z.string() });

/** Dates travel as ISO 8601 strings. */
export const IsoDateSchema = z.string();

export const EmojiPinSchema = z.enum(EMOJI_PIN_IDS);
export type { EmojiPin };

/**
 * Image references in records: a path to an object in our own store (`/objects/<id>`).
 * Which user uploaded it is checked by the server.
 */
export const ObjectUrlSchema = z
  .string()
  .max(300)
  .regex(/^\/objects\/[A-Za-z0-9_-]{10,64}$/, 'must be an uploaded photo (/objects/…)');

export const trimmed = (max: number) => z.string().trim().max(max);
