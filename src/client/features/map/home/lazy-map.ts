import { lazyPart, usePartLoaded } from '../../../components/ui/lazy-boundary.tsx';

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

let loading: ReturnType<typeof importWithRetries> | null = null;

/**
 * Starts loading the map's code, once: the largest chunk of the map home, fetched alongside
 * the map home's own code and its configuration rather than after them.
 */
export function loadMapView() {
  loading ??= importWithRetries();
  return loading;
}

/** Renders at once when its code is in; a failure after the retries reaches the map's boundary. */
export const LazyMapView = lazyPart(loadMapView);

/**
 * Whether the map's code has settled. The map home shows its loading state until then, so the
 * map appears as soon as its code is in rather than 300 ms after a Suspense fallback.
 */
export const useMapViewLoaded = (): boolean => usePartLoaded(LazyMapView, true);
