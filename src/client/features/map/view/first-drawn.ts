import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';

/** The mark bench/lighthouse.ts reads on both map pages (docs/decisions/051-light-map-home.md). */
export const FIRST_DRAWN_MARK = 'map-first-drawn';

/**
 * Marks `map-first-drawn` once: the map's first idle with the first view's walls and artworks
 * on it. A map already idle by the time that data is on it (an answer that drew nothing new)
 * is marked on the frame that paints the data's markers.
 */
export function useFirstDrawnMark(map: MapLibreMap | null, dataOnMap: boolean) {
  const marked = useRef(false);
  useEffect(() => {
    if (!map || !dataOnMap || marked.current) return;
    marked.current = true;
    const mark = () => void performance.mark(FIRST_DRAWN_MARK);
    if (map.loaded() && !map.isMoving()) requestAnimationFrame(mark);
    else void map.once('idle').then(mark);
  }, [map, dataOnMap]);
}
