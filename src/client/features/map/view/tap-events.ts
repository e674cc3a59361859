import type { Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import { ACTIVITY_LAYERS } from '../layers/activity-layers.ts';
import { ARTWORK_LAYERS, expandCluster, expandServerCluster } from '../layers/artwork-layers.ts';
import { keepInView } from './map-camera.ts';
import type { LatestProps } from './map-view-props.ts';

/** The layers a tap acts on; a tap anywhere else is a bare tap. */
const TAPPABLE = [
  ARTWORK_LAYERS.clusters,
  ARTWORK_LAYERS.serverClusters,
  ARTWORK_LAYERS.points,
  ACTIVITY_LAYERS.myLogs,
];

/** Taps: a cluster zooms in, a piece is selected, a bare spot closes what is open. */
export function wireTaps(map: MapLibreMap, latest: LatestProps) {
  map.on('click', ARTWORK_LAYERS.clusters, (e: MapLayerMouseEvent) => void expandCluster(map, e));
  map.on('click', ARTWORK_LAYERS.serverClusters, (e: MapLayerMouseEvent) =>
    expandServerCluster(map, e),
  );
  // A ring of the player's own log sits at the artwork's spot: a tap on it opens the artwork.
  for (const layer of [ARTWORK_LAYERS.points, ACTIVITY_LAYERS.myLogs]) {
    map.on('click', layer, (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const id = feature?.properties.id;
      if (typeof id !== 'string' || feature?.geometry.type !== 'Point') return;
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      keepInView(map, { latitude, longitude }, latest.current.coveredBottom);
      latest.current.onSelectArtwork(id);
    });
  }
  for (const layer of TAPPABLE) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
  map.on('click', (e) => {
    // Clicks on markers, clusters and points are theirs.
    if (e.originalEvent.target !== map.getCanvas()) return;
    const hit = map.getLayer(ARTWORK_LAYERS.points)
      ? map.queryRenderedFeatures(e.point, { layers: TAPPABLE })
      : [];
    if (hit.length > 0) return;
    latest.current.onBareTap();
  });
}

/** A right-click pins there; a right-drag rotates the map and pins nothing. */
export function wireRightClickPin(map: MapLibreMap, latest: LatestProps) {
  let rightDown: { x: number; y: number } | null = null;
  map.on('mousedown', (e) => {
    rightDown = e.originalEvent.button === 2 ? { x: e.point.x, y: e.point.y } : null;
  });
  map.on('mouseup', (e) => {
    const start = rightDown;
    rightDown = null;
    if (e.originalEvent.button !== 2 || !start) return;
    if (Math.hypot(e.point.x - start.x, e.point.y - start.y) > 4) return;
    latest.current.onPinShortcut({ latitude: e.lngLat.lat, longitude: e.lngLat.lng });
  });
  map.on('contextmenu', (e) => e.preventDefault());
}
