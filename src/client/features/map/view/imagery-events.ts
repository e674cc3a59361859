import type { Map as MapLibreMap } from 'maplibre-gl';
import { startTransition } from 'react';
import { loadOfflineBasemap } from '../basemap/offline-basemap.ts';
import { LAYER } from '../layers/map-style.ts';
import type { LatestProps } from './map-view-props.ts';

/** Imagery whose failure means the player sees the offline basemap. */
const IMAGERY_SOURCES = new Set<string>([LAYER.satellite, LAYER.satelliteFull, LAYER.standard]);

/** Loads the offline basemap into `map` the first time it is needed, never again. */
export function offlineBasemapOnce(map: MapLibreMap) {
  let loaded = false;
  return () => {
    if (loaded) return;
    loaded = true;
    loadOfflineBasemap(map);
  };
}

/** Map errors: imagery out of reach brings in the offline basemap; imagery loading is online. */
export function wireImageryEvents(
  map: MapLibreMap,
  needOfflineBasemap: () => void,
  latest: LatestProps,
) {
  map.on('error', (e) => {
    // A tile host out of reach is expected outdoors: the offline basemap shows instead.
    const sourceId = (e as { sourceId?: unknown }).sourceId;
    if (typeof sourceId === 'string') {
      if (!IMAGERY_SOURCES.has(sourceId)) return;
      needOfflineBasemap();
      startTransition(() => latest.current.onImagery('offline'));
    } else console.warn('Map error:', e.error?.message);
  });
  // The badge follows in slices between the map's frames (docs/decisions/051-light-map-home.md).
  map.on('sourcedata', (e) => {
    if (e.tile && IMAGERY_SOURCES.has(e.sourceId))
      startTransition(() => latest.current.onImagery('online'));
  });
}
