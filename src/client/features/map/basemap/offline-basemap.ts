import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { OFFLINE_SOURCES } from '../layers/map-style.ts';

type Answer = { land: string; borders: string } | { error: string };

const asUrl = (json: string) =>
  URL.createObjectURL(new Blob([json], { type: 'application/geo+json' }));

/**
 * Draws land and country borders under the map, from our server rather than a tile host: only
 * once imagery is out of reach, since imagery covers them. The 740 kB TopoJSON is read and
 * converted in a worker of ours and the GeoJSON parsed in MapLibre's, so neither step holds
 * the page's main thread.
 */
export function loadOfflineBasemap(map: MapLibreMap): void {
  const worker = new Worker(new URL('./offline-basemap.worker.ts', import.meta.url), {
    type: 'module',
  });
  worker.onmessage = ({ data }: MessageEvent<Answer>) => {
    worker.terminate();
    if ('error' in data) {
      console.warn('Offline basemap unavailable:', data.error);
      return;
    }
    map.getSource<GeoJSONSource>(OFFLINE_SOURCES.land)?.setData(asUrl(data.land));
    map.getSource<GeoJSONSource>(OFFLINE_SOURCES.borders)?.setData(asUrl(data.borders));
  };
}
