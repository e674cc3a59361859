import { lazy } from 'react';
import { useSettled } from '../../../hooks/use-settled.ts';
import { resolvedNow } from '../../../lib/resolved-now.ts';

const RETRY_DELAYS_MS = [500, 1500, 3000];

/**
 * SPEC §9: the map's code loads with 3 retries at growing delays (a phone losing signal for a
 * moment should not lose the map); after the last one the import's error reaches the boundary.
 */
async function importWithRetries() {
  for (let attempt = 0; ; attempt++) {
    try {
      // MapLibre's chunk is asked for beside the map's own, not once that one has arrived and
      // named it: the largest download of the map home starts a round trip sooner.
      const [view] = await Promise.all([import('../view/map-view.tsx'), import('maplibre-gl')]);
      return view;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

type MapViewModule = Awaited<ReturnType<typeof importWithRetries>>;
let loading: Promise<MapViewModule> | null = null;
let loaded: MapViewModule | null = null;

/**
 * Starts loading the map's code, once: the largest chunk of the map home, fetched alongside
 * the map home's own code and its configuration rather than after them.
 */
export function loadMapView() {
  loading ??= importWithRetries().then((module) => (loaded = module));
  return loading;
}

/** Renders at once when its code is in (useMapViewLoaded), instead of suspending. */
export const LazyMapView = lazy(() => (loaded ? resolvedNow(loaded) : loadMapView()));

/**
 * Whether the map's code has settled: in, or failed after its retries (the map then throws to
 * its error boundary). The map home shows its loading state until then, so the map appears as
 * soon as its code is in rather than 300 ms after a Suspense fallback (lazy-boundary.tsx).
 */
export const useMapViewLoaded = (): boolean => useSettled(loadMapView, () => loaded !== null);
