import type { FeatureCollection } from 'geojson';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { MapSources, RasterSource } from '../../../../core/schemas/map.ts';
import { activityStyle } from './activity-layers.ts';
import { artworkStyle } from './artwork-layers.ts';
import { visibleImagery, type LayerOptions } from '../view/map-types.ts';
import { streetMap, streetsSource } from '../basemap/street-basemap.ts';
import { STREETS_SOURCE, type StreetMap } from '../basemap/street-names.ts';
import { OPENMAPTILES_STREET_MAP, streetTilesSource } from '../basemap/openmaptiles-layers.ts';

/** Layer ids the map view toggles; the discovery layers are added by discovery-layers.ts. */
export const LAYER = {
  satellite: 'satellite',
  satelliteFull: 'satellite-full',
  standard: 'standard-satellite',
  label: (i: number) => `labels-${i}`,
  buildings: 'buildings-3d',
} as const;

export const OFFLINE_SOURCES = { land: 'offline-land', borders: 'offline-borders' } as const;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Imagery paint: Enhanced Mode adds contrast and saturation (docs/decisions/006). */
function rasterPaint(enhanced: boolean) {
  return enhanced
    ? { 'raster-contrast': 0.2, 'raster-saturation': 0.25, 'raster-fade-duration': 150 }
    : { 'raster-fade-duration': 150 };
}

function raster(source: RasterSource, tileSize: number): SourceSpecification {
  return {
    type: 'raster',
    tiles: source.tiles,
    tileSize,
    maxzoom: source.maxzoom,
    attribution: source.attribution,
  };
}

const visibility = (on: boolean) => ({ visibility: on ? ('visible' as const) : ('none' as const) });

const withVisibility = (on: boolean) => (layer: LayerSpecification) =>
  ({ ...layer, layout: { ...layer.layout, ...visibility(on) } }) as LayerSpecification;

/** One label overlay source per template: each template is its own layer of roads or places. */
function labelSources(labels: RasterSource | null): [string, RasterSource][] {
  if (!labels) return [];
  return labels.tiles.map((tile, i) => [
    LAYER.label(i),
    { ...labels, tiles: [tile], attribution: i === 0 ? labels.attribution : '' },
  ]);
}

/** The street map and its source: the PMTiles archive when there is one, else the street tiles. */
function streetsOf(
  sources: MapSources,
): { map: StreetMap; source: () => SourceSpecification } | null {
  const { basemap, streets } = sources;
  if (basemap) return { map: streetMap(basemap.flavor), source: () => streetsSource(basemap) };
  if (streets) return { map: OPENMAPTILES_STREET_MAP, source: () => streetTilesSource(streets) };
  return null;
}

/**
 * The whole style: the built-in offline basemap (ocean, land, borders) at the bottom, so the
 * map still reads when imagery fails; the street map, when configured, above it (the Standard
 * type); every imagery layer above that, shown per map type; then road and label overlays for
 * Enhanced Hybrid: the street map's own, or raster label tiles without one; on top, the Pro
 * activity layers and the artworks, empty until their data arrives. With a street map, its code
 * is loaded first (loadStreetMap).
 */
export function buildStyle(sources: MapSources, options: LayerOptions): StyleSpecification {
  const show = visibleImagery(options);
  const styleSources: Record<string, SourceSpecification> = {
    [OFFLINE_SOURCES.land]: { type: 'geojson', data: EMPTY },
    [OFFLINE_SOURCES.borders]: { type: 'geojson', data: EMPTY },
  };
  const layers: LayerSpecification[] = [
    { id: 'ocean', type: 'background', paint: { 'background-color': '#0c1a26' } },
    {
      id: 'offline-land',
      type: 'fill',
      source: OFFLINE_SOURCES.land,
      paint: { 'fill-color': '#22303c' },
    },
    {
      id: 'offline-borders',
      type: 'line',
      source: OFFLINE_SOURCES.borders,
      paint: {
        'line-color': '#5b7288',
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 8, 1.6],
      },
    },
  ];
  const street = streetsOf(sources);
  const streets = street?.map ?? null;
  if (street) {
    styleSources[STREETS_SOURCE] = street.source();
    layers.push(...street.map.standard.map(withVisibility(show.standard)));
  }
  if (sources.satellite) {
    // 512 px tiles from 256 px imagery: a zoom level softer but a quarter of the requests.
    styleSources[LAYER.satellite] = raster(sources.satellite, 512);
    styleSources[LAYER.satelliteFull] = raster(sources.satellite, 256);
    layers.push(
      {
        id: LAYER.satellite,
        type: 'raster',
        source: LAYER.satellite,
        layout: visibility(show.satellite),
        paint: rasterPaint(false),
      },
      {
        id: LAYER.satelliteFull,
        type: 'raster',
        source: LAYER.satelliteFull,
        layout: visibility(show.satelliteFull),
        paint: rasterPaint(true),
      },
    );
  }
  if (sources.standardSatellite && !streets) {
    styleSources[LAYER.standard] = raster(sources.standardSatellite, 256);
    layers.push({
      id: LAYER.standard,
      type: 'raster',
      source: LAYER.standard,
      layout: visibility(show.standard),
      paint: rasterPaint(options.enhanced),
    });
  }
  if (streets) layers.push(...streets.overImagery.map(withVisibility(show.labels)));
  for (const [id, source] of streets ? [] : labelSources(sources.labels)) {
    styleSources[id] = raster(source, 256);
    layers.push({
      id,
      type: 'raster',
      source: id,
      layout: visibility(show.labels),
      paint: { 'raster-contrast': options.enhanced ? 0.35 : 0, 'raster-fade-duration': 150 },
    });
  }
  if (sources.terrain) {
    styleSources.terrain = {
      type: 'raster-dem',
      tiles: sources.terrain.tiles,
      tileSize: 256,
      maxzoom: sources.terrain.maxzoom,
      encoding: sources.terrain.encoding,
      attribution: sources.terrain.attribution,
    };
  }
  if (sources.buildings) {
    styleSources.buildings = {
      type: 'vector',
      url: sources.buildings.url,
      attribution: sources.buildings.attribution,
    };
    layers.push({
      id: LAYER.buildings,
      type: 'fill-extrusion',
      source: 'buildings',
      'source-layer': sources.buildings.sourceLayer,
      minzoom: 15,
      layout: visibility(show.buildings),
      paint: {
        'fill-extrusion-color': '#c9c2d6',
        'fill-extrusion-height': ['coalesce', ['get', 'render_height'], ['get', 'height'], 8],
        'fill-extrusion-base': ['coalesce', ['get', 'render_min_height'], ['get', 'min_height'], 0],
        'fill-extrusion-opacity': 0.75,
      },
    });
  }
  // In the style from the start rather than added once it has loaded: MapLibre checks each
  // added layer against the whole style, re-serialised, in the map's first busy second.
  for (const part of [activityStyle(), artworkStyle()]) {
    Object.assign(styleSources, part.sources);
    layers.push(...part.layers);
  }
  return {
    version: 8,
    sources: styleSources,
    layers,
    ...(streets && { 'font-faces': streets.fontFaces() }),
  };
}

/** Layer ids per imagery kind, for switching visibility without rebuilding the style. */
export function imageryLayers(
  sources: MapSources,
): Record<keyof ReturnType<typeof visibleImagery>, string[]> {
  const streets = streetsOf(sources)?.map ?? null;
  const ids = (list: LayerSpecification[]) => list.map((layer) => layer.id);
  return {
    satellite: sources.satellite ? [LAYER.satellite] : [],
    satelliteFull: sources.satellite ? [LAYER.satelliteFull] : [],
    standard: streets ? ids(streets.standard) : sources.standardSatellite ? [LAYER.standard] : [],
    labels: streets ? ids(streets.overImagery) : labelSources(sources.labels).map(([id]) => id),
    buildings: sources.buildings ? [LAYER.buildings] : [],
    terrain: [],
  };
}
