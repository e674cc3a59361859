import type { FeatureCollection, Point } from 'geojson';
import type {
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  SourceSpecification,
} from 'maplibre-gl';
import type { HeatPoints, MyLogPoints } from '../../../../core/schemas/artworks.ts';
import { MY_LOG_COLOURS } from './layer-colours.ts';
import { setLayerVisible } from './layer-visibility.ts';

/*
 * The Pro layers drawn under the artworks (docs/decisions/021-artworks-and-logs.md): a heat
 * map of where art was logged in the last 30 days, and a ring at each artwork the player has
 * logged, coloured by what they said of it last.
 */

export const HEAT_SOURCE = 'recent-logs';
export const MY_LOGS_SOURCE = 'my-logs';
export const ACTIVITY_LAYERS = { heat: 'recent-logs-heat', myLogs: 'my-log-rings' } as const;

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export function heatFeatures(points: HeatPoints['points']): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map(([lat, lng, logs]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { logs },
    })),
  };
}

export function myLogFeatures(points: MyLogPoints['points']): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map(([id, lat, lng, kind, , pending]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { id, state: pending ? 'pending' : kind === 'found' ? 'found' : 'gone' },
    })),
  };
}

/**
 * Both sources and layers, hidden: part of the map's style from its first frame, under the
 * artwork clusters and pins (map-style.ts).
 */
export function activityStyle(): {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
} {
  return {
    sources: {
      [HEAT_SOURCE]: { type: 'geojson', data: empty() },
      [MY_LOGS_SOURCE]: { type: 'geojson', data: empty() },
    },
    layers: [
      {
        id: ACTIVITY_LAYERS.heat,
        type: 'heatmap',
        source: HEAT_SOURCE,
        layout: { visibility: 'none' },
        paint: {
          // One log is a clear glow; ten or more at one piece is as hot as it gets.
          'heatmap-weight': ['interpolate', ['linear'], ['get', 'logs'], 1, 0.6, 10, 1],
          'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 8, 0.8, 16, 2],
          'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 8, 14, 13, 30, 17, 60],
          'heatmap-color': [
            'interpolate',
            ['linear'],
            ['heatmap-density'],
            0,
            'rgba(0, 229, 255, 0)',
            0.2,
            'rgba(0, 229, 255, 0.55)',
            0.45,
            'rgba(163, 255, 92, 0.7)',
            0.7,
            'rgba(255, 210, 63, 0.8)',
            1,
            'rgba(255, 79, 163, 0.9)',
          ],
          // It steps aside close in, where the pins and photos say more.
          'heatmap-opacity': ['interpolate', ['linear'], ['zoom'], 16, 0.85, 19, 0.25],
        },
      },
      {
        id: ACTIVITY_LAYERS.myLogs,
        type: 'circle',
        source: MY_LOGS_SOURCE,
        layout: { visibility: 'none' },
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 5, 16, 11],
          'circle-color': 'rgba(11, 11, 18, 0.35)',
          'circle-stroke-width': 3,
          'circle-stroke-color': [
            'match',
            ['get', 'state'],
            'pending',
            MY_LOG_COLOURS.pending,
            'gone',
            MY_LOG_COLOURS.gone,
            MY_LOG_COLOURS.found,
          ],
        },
      },
    ],
  };
}

/** New data for a layer, or null to hide it (switched off, or not Pro). */
export function setActivity(
  map: MapLibreMap,
  layer: keyof typeof ACTIVITY_LAYERS,
  data: FeatureCollection | null,
) {
  const source = layer === 'heat' ? HEAT_SOURCE : MY_LOGS_SOURCE;
  if (data) map.getSource<GeoJSONSource>(source)?.setData(data);
  const id = ACTIVITY_LAYERS[layer];
  setLayerVisible(map, id, data !== null);
}
