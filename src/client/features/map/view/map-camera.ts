import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';

/** Room kept above a tapped piece and below the header, in pixels. */
const REVEAL_MARGIN = 56;

/**
 * Brings a tapped piece into the part of the map its panel leaves visible: a piece under where
 * the sheet will rise moves up to the middle of what stays in view; one already clear stays put.
 */
export function keepInView(map: MapLibreMap, spot: Coordinates, coveredBottom: number) {
  if (coveredBottom <= 0) return;
  const { y } = map.project([spot.longitude, spot.latitude]);
  const visibleBottom = map.getContainer().clientHeight - coveredBottom - REVEAL_MARGIN;
  if (y >= REVEAL_MARGIN && y <= visibleBottom) return;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  map.easeTo({
    center: [spot.longitude, spot.latitude],
    offset: [0, -coveredBottom / 2],
    duration: still ? 0 : 400,
  });
}
