import { AttributionControl, Map as MapLibreMap, addProtocol, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { BasemapSource } from '../../../../core/schemas/map.ts';
import { loadStreetMap } from '../basemap/street-basemap.ts';
import { buildStyle } from '../layers/map-style.ts';
import type { MapViewProps } from './map-view-props.ts';
import { CAMERA } from './map-types.ts';

setWorkerUrl(workerUrl);

let pmtiles: Promise<void> | null = null;
const streetMapsReady = new Set<string>();

/** Whether the map can start at once: no street map, or one whose code has loaded. */
export function styleReadyFor(basemap: BasemapSource | null) {
  return !basemap || streetMapsReady.has(basemap.flavor);
}

/**
 * The street map is a PMTiles archive read in byte ranges (docs/decisions/017-street-basemap.md).
 * Its reader and its style code load only when the server has an archive: without one, the map
 * starts without them.
 */
export async function prepareStreetMap(basemap: BasemapSource) {
  pmtiles ??= import('pmtiles').then(
    ({ Protocol }) => addProtocol('pmtiles', new Protocol().tile),
    (error: unknown) => {
      pmtiles = null;
      throw error;
    },
  );
  await Promise.all([pmtiles, loadStreetMap(basemap.flavor)]);
  streetMapsReady.add(basemap.flavor);
}

/**
 * The MapLibre map in `container`, its sources and layers in our style; null, with `onFail`
 * told why, when it cannot start (no WebGL, for one).
 */
export function createMap(
  container: HTMLElement,
  {
    sources,
    initialCentre,
    initialZoom,
    initialLayers,
    onFail,
  }: Pick<MapViewProps, 'sources' | 'initialCentre' | 'initialZoom' | 'initialLayers' | 'onFail'>,
): MapLibreMap | null {
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      style: buildStyle(sources, initialLayers),
      center: [initialCentre.longitude, initialCentre.latitude],
      zoom: initialZoom,
      pitch: CAMERA.tilt.initial,
      bearing: CAMERA.rotation.initial,
      maxZoom: CAMERA.maxZoom,
      maxPitch: CAMERA.tilt.max,
      attributionControl: false,
      // Our style is built by our code and checked against the style spec by its tests
      // (map-style.test.ts), not again on every phone: MapLibre's own advice for production.
      validateStyle: false,
    });
  } catch (error) {
    onFail(error);
    return null;
  }
  // Top right: the one corner no sheet, pin bar or floating button reaches (map-credits.css).
  map.addControl(new AttributionControl({ compact: true }), 'top-right');
  // Credits stay folded behind their (i) button from the first frame, so they never cover the
  // panels on a phone: MapLibre opens them when the first credits arrive, unless already compact.
  container.querySelector('.maplibregl-ctrl-attrib')?.classList.add('maplibregl-compact');
  return map;
}
