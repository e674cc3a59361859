import { LngLat, type Map as MapLibreMap } from 'maplibre-gl';
import type { MapSources } from '../../../../core/schemas/map.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { setLayerVisible } from '../layers/layer-visibility.ts';
import { imageryLayers } from '../layers/map-style.ts';
import {
  CAMERA,
  missingSourceFor,
  visibleImagery,
  zoomedIn,
  type LayerOptions,
  type MapType,
} from './map-types.ts';

/** What the page can do to the map: camera moves and layer switches. */
export interface MapHandle {
  /** Throws when the type's imagery is not configured (the page shows 'Failed to switch'). */
  setMapType(type: MapType): void;
  setBuildings(on: boolean): void;
  setEnhanced(on: boolean): void;
  setPitch(degrees: number): void;
  setBearing(degrees: number): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Zoom in by `levels`, capped at the map's maximum zoom. */
  zoomBy(levels: number): void;
  reset(): void;
  /**
   * Centres the map on `centre`, or, with `coveredBottom` pixels of its bottom under a panel, in
   * the middle of what stays in view.
   */
  flyTo(centre: Coordinates, zoom?: number, coveredBottom?: number): void;
}

/** The map element carries its MapLibre map once ready, for tests and debugging. */
export type MapElement = HTMLElement & { maplibre?: MapLibreMap };

/** The layer state as data attributes on the map element, for tests and debugging. */
export const LAYER_STATE_ATTRS = (o: LayerOptions): Record<string, string> => ({
  mapType: o.type,
  buildings: String(o.buildings),
  enhanced: String(o.enhanced),
});

/** Shows the imagery layers `options` asks for, hides the rest, and sets the terrain. */
export function applyLayers(map: MapLibreMap, sources: MapSources, options: LayerOptions) {
  const show = visibleImagery(options);
  const layers = imageryLayers(sources);
  for (const kind of Object.keys(layers) as (keyof typeof layers)[]) {
    for (const id of layers[kind]) setLayerVisible(map, id, show[kind]);
  }
  // Like a layer's visibility, terrain set again as it is would redraw the map for nothing.
  const terrain = show.terrain && Boolean(sources.terrain);
  if (Boolean(map.getTerrain()) !== terrain)
    map.setTerrain(terrain ? { source: 'terrain', exaggeration: 1.3 } : null);
}

export function createHandle(
  map: MapLibreMap,
  sources: MapSources,
  layers: LayerOptions,
  container: HTMLElement,
): MapHandle {
  const update = (patch: Partial<LayerOptions>) => {
    Object.assign(layers, patch);
    applyLayers(map, sources, layers);
    Object.assign(container.dataset, LAYER_STATE_ATTRS(layers));
  };
  return {
    setMapType(type) {
      const missing = missingSourceFor(type, sources);
      if (missing) throw new Error(`No ${missing} configured`);
      // Tilt first: switching terrain on cuts short any camera move in progress.
      if (type === 'earth_3d' && map.getPitch() < CAMERA.earth3dMinPitch) {
        map.jumpTo({ pitch: CAMERA.earth3dMinPitch });
      }
      update({ type });
    },
    setBuildings: (on) => update({ buildings: on }),
    setEnhanced: (on) => update({ enhanced: on }),
    setPitch: (degrees) => map.setPitch(degrees),
    setBearing: (degrees) => map.setBearing(degrees),
    zoomIn: () => map.zoomIn(),
    zoomOut: () => map.zoomOut(),
    zoomBy: (levels) => map.easeTo({ zoom: zoomedIn(map.getZoom(), levels) }),
    reset: () => map.easeTo({ ...CAMERA.reset }),
    flyTo(centre, zoom, coveredBottom = 0) {
      const camera = {
        center: [centre.longitude, centre.latitude] as [number, number],
        zoom: zoom ?? map.getZoom(),
        offset: [0, -coveredBottom / 2] as [number, number],
      };
      // Fly within a couple of screens; further away, jump: a long flight zooms out to the
      // whole region and back, fetching every level's imagery on the way.
      const here = map.getCenter();
      const screen = here.distanceTo(map.getBounds().getNorthEast());
      const near = here.distanceTo(LngLat.convert(camera.center)) < 2 * screen;
      if (near) map.flyTo(camera);
      // A jump knows no offset: an instant ease does.
      else map.easeTo({ ...camera, duration: 0 });
    },
  };
}
