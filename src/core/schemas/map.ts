import { z } from 'zod';
import { LatitudeSchema, latitudeQuery, longitudeQuery } from './common.ts';

/** A raster tile layer: URL templates ({z}/{x}/{y}), the deepest zoom it has, whose it is. */
export const RasterSourceSchema = z.object({
  tiles: z.array(z.string()).min(1),
  maxzoom: z.number().int().min(0).max(24),
  attribution: z.string(),
});

/** Elevation tiles for the 3D view's terrain. */
export const TerrainSourceSchema = RasterSourceSchema.extend({
  encoding: z.enum(['terrarium', 'mapbox']),
});

/** Vector tiles with a building layer (OpenMapTiles schema: render_height, render_min_height). */
export const BuildingsSourceSchema = z.object({
  url: z.string(),
  sourceLayer: z.string(),
  attribution: z.string(),
});

/**
 * The default street map: vector tiles in the OpenMapTiles schema (OpenFreeMap's by default),
 * drawn in the app's dark style. `url` is a TileJSON URL or a {z}/{x}/{y} template.
 */
export const StreetTilesSourceSchema = z.object({
  url: z.string(),
  attribution: z.string(),
});
export type StreetTilesSource = z.infer<typeof StreetTilesSourceSchema>;

/** The Protomaps colour schemes the street map can be drawn in (MAP_BASEMAP_FLAVOR). */
export const BASEMAP_FLAVORS = ['dark', 'light', 'white', 'grayscale', 'black'] as const;
export type BasemapFlavor = (typeof BASEMAP_FLAVORS)[number];

/**
 * The vector street map (docs/decisions/017-street-basemap.md): a PMTiles archive in the
 * Protomaps basemap schema, on our server (a versioned path) or wherever MAP_BASEMAP_PMTILES
 * points.
 */
export const BasemapSourceSchema = z.object({
  url: z.string(),
  flavor: z.enum(BASEMAP_FLAVORS),
  attribution: z.string(),
});
export type BasemapSource = z.infer<typeof BasemapSourceSchema>;

/**
 * Where the map's imagery comes from (GET /api/config `map`). A null source is switched off;
 * the map types that need it then refuse to switch (docs/decisions/006-map-sources.md).
 */
export const MapSourcesSchema = z.object({
  satellite: RasterSourceSchema.nullable(),
  standardSatellite: RasterSourceSchema.nullable(),
  labels: RasterSourceSchema.nullable(),
  terrain: TerrainSourceSchema.nullable(),
  buildings: BuildingsSourceSchema.nullable(),
  /** Streets and labels when no PMTiles archive (`basemap`, preferred) is configured. */
  streets: StreetTilesSourceSchema.nullable(),
  basemap: BasemapSourceSchema.nullable(),
});
export type MapSources = z.infer<typeof MapSourcesSchema>;
/** The sources fixed by configuration; the street map's URL is found per request. */
export type ImagerySources = Omit<MapSources, 'basemap'>;
export type RasterSource = z.infer<typeof RasterSourceSchema>;

/**
 * The visible part of the map. west > east is a box across the antimeridian (the Pacific
 * seen from Australia), which the server splits in two longitude ranges.
 */
export const BoundsQuerySchema = z
  .object({
    west: longitudeQuery,
    south: latitudeQuery,
    east: longitudeQuery,
    north: latitudeQuery,
  })
  .refine((b) => b.south <= b.north, { message: 'south must not be above north', path: ['south'] });
export type BoundsQuery = z.infer<typeof BoundsQuerySchema>;

/** Most discoveries one in-view answer carries: the map stays smooth with this many. */
export const MAP_POINTS_LIMIT = 100_000;

/**
 * Discoveries in view, compact for the map: [id, latitude, longitude, imageUrl, emojiPin] per
 * point, newest first; `truncated` when more than MAP_POINTS_LIMIT matched.
 */
export const MapPointsSchema = z.object({
  points: z.array(
    z.tuple([z.string(), LatitudeSchema, z.number(), z.string().nullable(), z.string()]),
  ),
  truncated: z.boolean(),
});
export type MapPoints = z.infer<typeof MapPointsSchema>;
