import type { FeatureCollection, Point } from 'geojson';
import type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  MapLayerMouseEvent,
  SourceSpecification,
} from 'maplibre-gl';
import type {
  ArtworkCluster,
  ArtworkPoint,
  ArtworkStatus,
  ArtworksInView,
} from '../../../../core/schemas/artworks.ts';
import { isStale } from './artwork-map-api.ts';
import { setLayerVisible } from './layer-visibility.ts';
import { pinImage } from '../../pins/index.ts';
import { pinKindOf } from '../../pins/index.ts';

export const ARTWORK_SOURCE = 'artworks';
/** The server's clusters (docs/decisions/029-map-clusters.md), drawn like the client's own. */
export const SERVER_CLUSTER_SOURCE = 'artwork-server-clusters';
export const ARTWORK_LAYERS = {
  clusters: 'artwork-clusters',
  counts: 'artwork-cluster-counts',
  serverClusters: 'artwork-server-clusters',
  serverCounts: 'artwork-server-cluster-counts',
  points: 'artwork-points',
} as const;

/** Zoom from which every artwork shows on its own (and photo thumbnails may appear). */
export const UNCLUSTERED_FROM_ZOOM = 17;

export interface ArtworkProps {
  id: string;
  image: string | null;
  pin: string;
  status: ArtworkStatus;
  /** Not seen for over STALE_AFTER_DAYS: drawn faded. */
  stale: boolean;
}

/** The API's compact tuples as GeoJSON for the clustered source. */
export function toFeatures(
  points: ArtworkPoint[],
  now = Date.now(),
): FeatureCollection<Point, ArtworkProps> {
  const features = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const [id, lat, lng, image, pin, status, lastSeen] = points[i]!;
    features[i] = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { id, image, pin, status, stale: isStale(lastSeen, now) },
    };
  }
  return { type: 'FeatureCollection', features };
}

/** A count as the bubbles show it: 950, 1.2k, 15k (MapLibre's own clusters' abbreviation). */
export function abbreviateCount(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

export interface ServerClusterProps {
  count: number;
  label: string;
}

/** The server's clusters as GeoJSON, each at its members' mean, with its count and label. */
export function clusterFeatures(
  clusters: ArtworkCluster[],
): FeatureCollection<Point, ServerClusterProps> {
  return {
    type: 'FeatureCollection',
    features: clusters.map(([lat, lng, count]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { count, label: abbreviateCount(count) },
    })),
  };
}

/** The pieces an answer stands for: its clusters' counts and its listed pieces. */
export const piecesIn = (answer: ArtworksInView) =>
  answer.clusters.reduce((n, c) => n + c[2], 0) + answer.points.length;

const COUNT_IMAGE_PREFIX = 'cluster-count-';
const PIN_IMAGE_PREFIX = 'pin-';
const GONE_IMAGE_PREFIX = 'gone-pin-';

/** An artwork's pin, in px: big enough to tap, small enough to leave the art in view. */
const PIN_HEIGHT = 38;

const imageRatio = () => Math.min(2, window.devicePixelRatio || 1);

/**
 * Cluster counts are drawn as images on demand instead of text, so the map needs no glyph
 * server and still labels clusters when it has no network.
 */
function drawCount(map: MapLibreMap, id: string) {
  const label = id.slice(COUNT_IMAGE_PREFIX.length);
  const ratio = imageRatio();
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

/**
 * A pin's image, named for the stored pin (and whether the artwork is gone); a name the client
 * does not know draws the default.
 */
async function drawPin(map: MapLibreMap, id: string, prefix: string) {
  const ratio = imageRatio();
  const kind = pinKindOf(id.slice(prefix.length));
  const image = await pinImage(kind, PIN_HEIGHT, ratio, prefix === GONE_IMAGE_PREFIX);
  if (!map.hasImage(id)) map.addImage(id, image, { pixelRatio: ratio });
}

/**
 * A source's cluster bubbles, coloured and sized by count, with the count drawn on them: the
 * same look for the server's clusters and the ones the map makes of nearby pieces.
 */
function bubbles(
  source: string,
  [circles, counts]: [string, string],
  on: {
    count: ExpressionSpecification;
    label: ExpressionSpecification;
    filter?: FilterSpecification;
  },
): LayerSpecification[] {
  const filter = on.filter ? { filter: on.filter } : {};
  return [
    {
      id: circles,
      type: 'circle',
      source,
      ...filter,
      paint: {
        'circle-color': ['step', on.count, '#a3ff5c', 50, '#ffd23f', 1000, '#ff4fa3'],
        'circle-radius': ['step', on.count, 16, 50, 21, 1000, 27, 10000, 33],
        'circle-stroke-width': 3,
        'circle-stroke-color': 'rgba(11, 11, 18, 0.75)',
      },
    },
    {
      id: counts,
      type: 'symbol',
      source,
      ...filter,
      layout: {
        'icon-image': ['concat', COUNT_IMAGE_PREFIX, on.label],
        'icon-allow-overlap': true,
      },
    },
  ];
}

const NO_FEATURES: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The clustered artworks source and the server's clusters, with their layers: part of the map's
 * style from its first frame, above every imagery layer (map-style.ts). A gone artwork is a grey
 * pin with a red cross; one not seen for months is faded.
 */
export function artworkStyle(): {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
} {
  return {
    sources: {
      [ARTWORK_SOURCE]: {
        type: 'geojson',
        data: NO_FEATURES,
        cluster: true,
        clusterRadius: 48,
        clusterMaxZoom: UNCLUSTERED_FROM_ZOOM - 1,
      },
      [SERVER_CLUSTER_SOURCE]: { type: 'geojson', data: NO_FEATURES },
    },
    layers: [
      ...bubbles(ARTWORK_SOURCE, [ARTWORK_LAYERS.clusters, ARTWORK_LAYERS.counts], {
        count: ['get', 'point_count'],
        label: ['get', 'point_count_abbreviated'],
        filter: ['has', 'point_count'],
      }),
      ...bubbles(
        SERVER_CLUSTER_SOURCE,
        [ARTWORK_LAYERS.serverClusters, ARTWORK_LAYERS.serverCounts],
        {
          count: ['get', 'count'],
          label: ['get', 'label'],
        },
      ),
      {
        id: ARTWORK_LAYERS.points,
        type: 'symbol',
        source: ARTWORK_SOURCE,
        filter: ['!', ['has', 'point_count']],
        layout: {
          'icon-image': [
            'concat',
            ['case', ['==', ['get', 'status'], 'gone'], GONE_IMAGE_PREFIX, PIN_IMAGE_PREFIX],
            ['get', 'pin'],
          ],
          'icon-anchor': 'bottom',
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
          // Pieces still there draw over gone ones where they overlap.
          'symbol-sort-key': ['case', ['==', ['get', 'status'], 'gone'], 0, 1],
        },
        paint: {
          'icon-opacity': [
            'case',
            ['==', ['get', 'status'], 'gone'],
            0.8,
            ['boolean', ['get', 'stale'], false],
            0.5,
            1,
          ],
        },
      },
    ],
  };
}

/**
 * Draws an image the artwork layers ask for when they first need it (a cluster's count, a pin);
 * false for an id that is not theirs. MapLibre waits for the pins' SVG to load.
 */
export async function drawArtworkImage(map: MapLibreMap, id: string): Promise<boolean> {
  if (id.startsWith(COUNT_IMAGE_PREFIX)) drawCount(map, id);
  else if (id.startsWith(GONE_IMAGE_PREFIX)) await drawPin(map, id, GONE_IMAGE_PREFIX);
  else if (id.startsWith(PIN_IMAGE_PREFIX)) await drawPin(map, id, PIN_IMAGE_PREFIX);
  else return false;
  return true;
}

/**
 * An in-view answer drawn: the server's clusters as they are, the pieces in the clustered
 * source, which still groups pieces close on screen so the change between the two is slight.
 * False when the map already shows it (nothing replaced nothing): no frame will follow.
 */
export function setArtworkData(map: MapLibreMap, answer: ArtworksInView): boolean {
  const clusters = setFeatures(
    map.getSource<GeoJSONSource>(SERVER_CLUSTER_SOURCE),
    clusterFeatures(answer.clusters),
  );
  const pieces = setFeatures(
    map.getSource<GeoJSONSource>(ARTWORK_SOURCE),
    toFeatures(answer.points),
  );
  return clusters || pieces;
}

/** Sources holding features; the rest are as empty as when they were added. */
const holding = new WeakSet<GeoJSONSource>();

/** New data for a source, unless nothing replaces nothing: that would only cost a redraw. */
function setFeatures(source: GeoJSONSource | undefined, data: FeatureCollection): boolean {
  if (!source || (data.features.length === 0 && !holding.has(source))) return false;
  if (data.features.length > 0) holding.add(source);
  else holding.delete(source);
  source.setData(data);
  return true;
}

/** The artworks layer shown or hidden (the layers panel's Artworks switch). */
export function showArtworks(map: MapLibreMap, visible: boolean) {
  for (const id of Object.values(ARTWORK_LAYERS)) setLayerVisible(map, id, visible);
}

/** Zoom levels a click on a server cluster goes in: its 64 px cell becomes 16 cells. */
const SERVER_CLUSTER_ZOOM_STEP = 2;

/** A click on a server cluster zooms in around it, to where the server splits it. */
export function expandServerCluster(map: MapLibreMap, e: MapLayerMouseEvent) {
  const feature = e.features?.[0];
  if (!feature || feature.geometry.type !== 'Point') return;
  map.easeTo({
    center: feature.geometry.coordinates as [number, number],
    zoom: Math.floor(map.getZoom()) + SERVER_CLUSTER_ZOOM_STEP,
  });
}

/** A click on a cluster zooms to where it splits apart. */
export async function expandCluster(map: MapLibreMap, e: MapLayerMouseEvent) {
  const feature = e.features?.[0];
  const source = map.getSource<GeoJSONSource>(ARTWORK_SOURCE);
  if (!feature || !source || feature.geometry.type !== 'Point') return;
  const zoom = await source.getClusterExpansionZoom(Number(feature.properties.cluster_id));
  map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
}
