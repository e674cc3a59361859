import { z } from 'zod';
import { latitudeQuery, longitudeQuery } from './common.ts';

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
});
export type LegalWall = z.infer<typeof LegalWallSchema>;

export const NearbyLegalWallSchema = LegalWallSchema.extend({ distanceKm: z.number() });
export type NearbyLegalWall = z.infer<typeof NearbyLegalWallSchema>;

export const NearbyWallsQuerySchema = z.object({
  latitude: latitudeQuery,
  longitude: longitudeQuery,
  radius: z.coerce.number().positive().max(500).default(10),
});
