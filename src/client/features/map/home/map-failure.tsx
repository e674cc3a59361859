import { MapPinOff, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * SPEC §2 map failure: shown when the map cannot start at all (no WebGL, or its code would not
 * load after retries). The walls panel and every other screen keep working around it.
 */
export function MapFailure() {
  return (
    <div
      role="alert"
      className="absolute inset-0 grid place-items-center overflow-y-auto bg-wall p-6"
      data-testid="map-failure"
    >
      <div className="grid max-w-md gap-4 rounded-2xl border border-neon-amber/40 bg-brick p-6 shadow-2xl">
        <MapPinOff className="size-10 text-neon-amber" aria-hidden />
        <h2 className="font-display text-xl">Map Not Available</h2>
        <p className="text-sm text-smoke">
          Your browser could not start the map. Walls near you are still listed, and you can keep
          documenting art.
        </p>
        <div>
          <p className="mb-1 text-sm font-bold">To fix it:</p>
          <ol className="grid list-decimal gap-1 pl-5 text-sm text-chalk/90">
            <li>Turn on hardware acceleration (WebGL) in your browser settings.</li>
            <li>Update your browser to its latest version.</li>
            <li>Check your internet connection.</li>
            <li>Reload the page.</li>
          </ol>
        </div>
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Retry Loading Map
        </Button>
      </div>
    </div>
  );
}

/**
 * SPEC §2 loading overlay while the map's code and style load: a small badge over the map's own
 * colour, so the screen's largest paint is its content, not this (docs/decisions/051).
 */
export function MapLoading() {
  return (
    <div
      role="status"
      className="pointer-events-none absolute inset-0 grid place-items-center"
      data-testid="map-loading"
    >
      <div className="flex items-center gap-2 rounded-full border border-line bg-wall/90 px-3 py-1.5">
        <span className="size-4 animate-spin rounded-full border-2 border-neon-cyan/25 border-t-neon-cyan motion-reduce:animate-none" />
        <p className="text-xs font-semibold text-smoke">Loading Advanced Mapping</p>
      </div>
    </div>
  );
}
