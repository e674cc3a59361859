import type { MapSources } from '../../../../core/schemas/map.ts';

/** SPEC §2 map types, by their SPEC ids; labels as the UI shows them. */
export const MAP_TYPE_IDS = [
  'street_art_satellite',
  'earth_3d',
  'enhanced_hybrid',
  'standard_satellite',
] as const;
export type MapType = (typeof MAP_TYPE_IDS)[number];

export const MAP_TYPES: Record<MapType, { label: string; description: string }> = {
  street_art_satellite: {
    label: 'Ultra HD Satellite',
    description: 'Sharpest imagery, down to single walls',
  },
  earth_3d: { label: 'Earth 3D View', description: 'Imagery on terrain, tilted, with buildings' },
  enhanced_hybrid: { label: 'Enhanced Hybrid', description: 'Imagery with roads and labels' },
  standard_satellite: { label: 'Standard Satellite', description: 'Lightest view, for slow data' },
};

/** The three the left panel offers (SPEC §2); the imaging panel offers all four. */
export const QUICK_MAP_TYPES: MapType[] = ['street_art_satellite', 'earth_3d', 'enhanced_hybrid'];

/** SPEC §2 and §9 camera numbers. */
export const CAMERA = {
  maxZoom: 22,
  quickMaxZoomStep: 3,
  maxDetailZoomStep: 4,
  defaultZoom: 15,
  reset: { zoom: 19, pitch: 45, bearing: 0 },
  tilt: { min: 0, max: 85, step: 5, initial: 45 },
  rotation: { min: 0, max: 360, step: 10, initial: 0 },
  /** The 3D view needs some tilt to read as 3D. */
  earth3dMinPitch: 60,
} as const;

/** Zoom after adding `levels`, never past the map's maximum. */
export const zoomedIn = (zoom: number, levels: number) => Math.min(CAMERA.maxZoom, zoom + levels);

/** A map bearing (-180..180) as the rotation slider shows it (0..360). */
export const bearingToRotation = (bearing: number) => Math.round(((bearing % 360) + 360) % 360);

/**
 * The source a map type cannot do without, or null when it is configured. The street map, when
 * there is one, is the Standard type and Enhanced Hybrid's roads and labels.
 */
export function missingSourceFor(type: MapType, sources: MapSources): string | null {
  if (type === 'standard_satellite') {
    return sources.basemap || sources.streets || sources.standardSatellite
      ? null
      : 'street map or standard imagery';
  }
  if (!sources.satellite) return 'satellite imagery';
  if (type === 'enhanced_hybrid' && !sources.labels && !sources.basemap && !sources.streets) {
    return 'road and label tiles';
  }
  return null;
}

export interface LayerOptions {
  type: MapType;
  /** Extruded buildings (3D Buildings toggle). */
  buildings: boolean;
  /** docs/decisions/006-map-sources.md: full-resolution tiles, more contrast, stronger labels. */
  enhanced: boolean;
}

/**
 * Which imagery layers show. Hidden layers fetch no tiles, so a player on the standard type
 * never pays for the high-resolution imagery.
 */
export function visibleImagery(o: LayerOptions) {
  const hiRes = o.type !== 'standard_satellite';
  return {
    satellite: hiRes && !o.enhanced,
    satelliteFull: hiRes && o.enhanced,
    standard: o.type === 'standard_satellite',
    labels: o.type === 'enhanced_hybrid',
    buildings: o.buildings,
    terrain: o.type === 'earth_3d',
  };
}
