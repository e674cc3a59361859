import type { Map as MapLibreMap, MapTouchEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';

const HOLD_MS = 600;
const MOVE_TOLERANCE_PX = 10;

/**
 * A long press with one finger calls `onPress` with the spot (phones have no right-click;
 * iOS Safari fires no contextmenu). Moving, lifting or a second finger cancels it.
 */
export function useLongPress(map: MapLibreMap | null, onPress: (spot: Coordinates) => void) {
  const callback = useRef(onPress);
  useEffect(() => {
    callback.current = onPress;
  });

  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let start: { x: number; y: number } | null = null;
    const cancel = () => {
      clearTimeout(timer);
      start = null;
    };
    const onStart = (e: MapTouchEvent) => {
      cancel();
      if (e.points.length !== 1) return;
      start = { x: e.point.x, y: e.point.y };
      const { lat, lng } = e.lngLat;
      timer = setTimeout(() => {
        start = null;
        callback.current({ latitude: lat, longitude: lng });
      }, HOLD_MS);
    };
    const onMove = (e: MapTouchEvent) => {
      if (!start) return;
      const dx = e.point.x - start.x;
      const dy = e.point.y - start.y;
      if (e.points.length !== 1 || Math.hypot(dx, dy) > MOVE_TOLERANCE_PX) cancel();
    };
    map.on('touchstart', onStart);
    map.on('touchmove', onMove);
    map.on('touchend', cancel);
    map.on('touchcancel', cancel);
    return () => {
      cancel();
      map.off('touchstart', onStart);
      map.off('touchmove', onMove);
      map.off('touchend', cancel);
      map.off('touchcancel', cancel);
    };
  }, [map]);
}
