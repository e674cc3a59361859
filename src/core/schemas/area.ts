import { z } from 'zod';
import { MAX_AREA_RADIUS_KM } from '../constants.ts';
import { ArtworkPointSchema } from './artworks.ts';
import { MissionSchema } from './catalog.ts';
import { latitudeQuery, longitudeQuery } from './common.ts';
import { LegalWallSchema } from './walls.ts';

/** GET /api/area: a point and a radius in km (at most MAX_AREA_RADIUS_KM). */
export const AreaQuerySchema = z.object({
  latitude: latitudeQuery,
  longitude: longitudeQuery,
  radius: z
    .string()
    .trim()
    .min(1, 'is required')
    .pipe(z.coerce.number<string>().positive().max(MAX_AREA_RADIUS_KM)),
});
export type AreaQuery = z.infer<typeof AreaQuerySchema>;

/**
 * What the map shows within a radius, for a player to take offline: the open legal walls, the
 * visible artworks as the map's points, and the player's missions whose target lies inside.
 * `truncated` says there were more artworks or walls than one area holds (AREA_ARTWORKS_LIMIT,
 * AREA_WALLS_LIMIT).
 */
export const AreaContentsSchema = z.object({
  walls: z.array(LegalWallSchema),
  artworks: z.array(ArtworkPointSchema),
  missions: z.array(MissionSchema),
  truncated: z.boolean(),
});
export type AreaContents = z.infer<typeof AreaContentsSchema>;
