import { z } from 'zod';
import {
  EmojiPinSchema,
  IsoDateSchema,
  LatitudeSchema,
  LongitudeSchema,
  trimmed,
} from './common.ts';

/** SPEC leaves the marker payload unshown: a spot, a pin and an optional label. */
export const CreateMarkerSchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  emojiPin: EmojiPinSchema.default('marker'),
  label: trimmed(80).optional().default(''),
});

export const MarkerSchema = z.object({
  id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  emojiPin: EmojiPinSchema,
  label: z.string(),
  createdAt: IsoDateSchema,
});
export type Marker = z.infer<typeof MarkerSchema>;
export type CreateMarker = z.input<typeof CreateMarkerSchema>;
