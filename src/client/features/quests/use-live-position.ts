import { useCallback, useEffect, useRef, useState } from 'react';

export interface LivePosition {
  latitude: number;
  longitude: number;
  /** Metres the device says it may be off by. */
  accuracy: number;
}

export type PositionStatus = 'idle' | 'locating' | 'ready' | 'denied' | 'unavailable';

/**
 * Quests are answered on the spot, so they follow the player as they walk: a watched position
 * with its accuracy, the best the device can give (the map's one low-accuracy fix is not
 * enough to say "you are there"). Started at once when permission was already granted,
 * otherwise by `start` on the player's tap; stopped when the screen closes.
 */
export function useLivePosition() {
  const [status, setStatus] = useState<PositionStatus>('idle');
  const [position, setPosition] = useState<LivePosition | null>(null);
  const watch = useRef<number | null>(null);

  const start = useCallback(() => {
    if (watch.current !== null) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('unavailable');
      return;
    }
    setStatus('locating');
    watch.current = navigator.geolocation.watchPosition(
      ({ coords }) => {
        setPosition({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
        });
        setStatus('ready');
      },
      (error) => {
        // A lost fix keeps the last position; a refusal is the player's answer.
        if (error.code === error.PERMISSION_DENIED) {
          setStatus('denied');
          setPosition(null);
        } else {
          setStatus((now) => (now === 'ready' ? now : 'unavailable'));
        }
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 20_000 },
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (!cancelled && permission.state === 'granted') start();
      })
      // No Permissions API for geolocation (older Safari): wait for the player's tap.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
      watch.current = null;
    };
  }, [start]);

  return { status, position, start };
}
