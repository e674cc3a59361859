import { z } from 'zod';
import { ArtworkPointSchema } from './artworks.ts';
import { MissionSchema } from './catalog.ts';
import { latitudeQuery, longitudeQuery } from './common.ts';
import { LegalWallSchema } from './walls.ts';

/** The radii a player may save around a point, in km (docs/decisions/037-saved-areas.md). */
export const AREA_RADII_KM = [1, 2, 5] as const;
export const MAX_AREA_RADIUS_KM = 5;

/** Most artworks one saved area holds; a denser area must be saved smaller. */
export const AREA_ARTWORKS_LIMIT = 5000;
/** Most walls one saved area holds. */
export const AREA_WALLS_LIMIT = 1000;

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
 * `truncated` says there were more artworks or walls than one area holds.
 */
export const AreaContentsSchema = z.object({
  walls: z.array(LegalWallSchema),
  artworks: z.array(ArtworkPointSchema),
  missions: z.array(MissionSchema),
  truncated: z.boolean(),
});
export type AreaContents = z.infer<typeof AreaContentsSchema>;
