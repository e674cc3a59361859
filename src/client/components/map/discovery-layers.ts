import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import type { MapPoints } from '../../../core/schemas/map.ts';

export const DISCOVERY_SOURCE = 'discoveries';
export const DISCOVERY_LAYERS = {
  clusters: 'discovery-clusters',
  counts: 'discovery-cluster-counts',
  points: 'discovery-points',
} as const;

/** Zoom from which every discovery shows on its own (and photo thumbnails may appear). */
export const UNCLUSTERED_FROM_ZOOM = 17;

export interface DiscoveryProps {
  id: string;
  image: string | null;
}

/** The API's compact tuples as GeoJSON for the clustered source. */
export function toFeatures(points: MapPoints['points']): FeatureCollection<Point, DiscoveryProps> {
  const features = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const [id, lat, lng, image] = points[i]!;
    features[i] = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { id, image },
    };
  }
  return { type: 'FeatureCollection', features };
}

const COUNT_IMAGE_PREFIX = 'cluster-count-';

/**
 * Cluster counts are drawn as images on demand instead of text, so the map needs no glyph
 * server and still labels clusters when it has no network.
 */
function drawCount(map: MapLibreMap, id: string) {
  const label = id.slice(COUNT_IMAGE_PREFIX.length);
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil((label.length * 9 + 8) * ratio);
  canvas.height = Math.ceil(18 * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.scale(ratio, ratio);
  ctx.font = 'bold 13px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#0b0b12';
  ctx.fillText(label, canvas.width / ratio / 2, 9.5);
  map.addImage(id, ctx.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: ratio });
}

/** Adds the clustered discoveries source and its layers above every imagery layer. */
export function addDiscoveryLayers(map: MapLibreMap) {
  map.addSource(DISCOVERY_SOURCE, {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    cluster: true,
    clusterRadius: 48,
    clusterMaxZoom: UNCLUSTERED_FROM_ZOOM - 1,
  });
  map.addLayer({
    id: DISCOVERY_LAYERS.clusters,
    type: 'circle',
    source: DISCOVERY_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#a3ff5c', 50, '#ffd23f', 1000, '#ff4fa3'],
      'circle-radius': ['step', ['get', 'point_count'], 16, 50, 21, 1000, 27, 10000, 33],
      'circle-stroke-width': 3,
      'circle-stroke-color': 'rgba(11, 11, 18, 0.75)',
    },
  });
  map.addLayer({
    id: DISCOVERY_LAYERS.counts,
    type: 'symbol',
    source: DISCOVERY_SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      'icon-image': ['concat', COUNT_IMAGE_PREFIX, ['get', 'point_count_abbreviated']],
      'icon-allow-overlap': true,
    },
  });
  map.addLayer({
    id: DISCOVERY_LAYERS.points,
    type: 'circle',
    source: DISCOVERY_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': '#a3ff5c',
      'circle-radius': 8,
      'circle-stroke-width': 2.5,
      'circle-stroke-color': '#0b0b12',
    },
  });
  map.on('styleimagemissing', (e) => {
    if (e.id.startsWith(COUNT_IMAGE_PREFIX) && !map.hasImage(e.id)) drawCount(map, e.id);
  });
}

export function setDiscoveryData(map: MapLibreMap, points: MapPoints['points']) {
  map.getSource<GeoJSONSource>(DISCOVERY_SOURCE)?.setData(toFeatures(points));
}

/** A click on a cluster zooms to where it splits apart. */
export async function expandCluster(map: MapLibreMap, e: MapLayerMouseEvent) {
  const feature = e.features?.[0];
  const source = map.getSource<GeoJSONSource>(DISCOVERY_SOURCE);
  if (!feature || !source || feature.geometry.type !== 'Point') return;
  const zoom = await source.getClusterExpansionZoom(Number(feature.properties.cluster_id));
  map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
}
