import { useEffect, useSyncExternalStore } from 'react';
import { FALLBACK_LOCATION } from '../../core/constants.ts';
import { toast } from './use-toast.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * 'device': the browser gave a position. 'fallback': it could not (denied, timed out, no
 * support), so the map shows the Gold Coast instead (SPEC §4, §8).
 */
export type LocationSource = 'device' | 'fallback';

export interface GeolocationState {
  status: 'idle' | 'locating' | 'ready';
  location: Coordinates | null;
  source: LocationSource | null;
}

/** SPEC §9: low accuracy, 8 s timeout, a cached position up to 5 minutes old is fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 8000,
  maximumAge: 300_000,
};

/*
 * One store for the whole page session: SPEC §4 asks for the location once, so leaving the map
 * and coming back neither asks again nor repeats the fallback toast.
 */
let state: GeolocationState = { status: 'idle', location: null, source: null };
let permissionChecked = false;
const listeners = new Set<() => void>();

function setState(next: GeolocationState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function fallBackToDefault() {
  setState({ status: 'ready', location: { ...FALLBACK_LOCATION }, source: 'fallback' });
  toast({ title: 'Using Default Location', description: 'Showing Gold Coast, Australia' });
}

/** Asks the browser once; later calls do nothing. */
export function requestLocation(): void {
  if (state.status !== 'idle') return;
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    fallBackToDefault();
    return;
  }
  setState({ ...state, status: 'locating' });
  navigator.geolocation.getCurrentPosition(
    (position) =>
      setState({
        status: 'ready',
        location: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        source: 'device',
      }),
    () => fallBackToDefault(),
    GEOLOCATION_OPTIONS,
  );
}

/** On page load the location is asked for only if the player already allowed it. */
async function requestIfAlreadyGranted() {
  if (permissionChecked) return;
  permissionChecked = true;
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    if (status?.state === 'granted') requestLocation();
  } catch {
    // No Permissions API for geolocation (older Safari): wait for the player's tap.
  }
}

/** The location and the way to ask for it, as forms that pin a spot take it. */
export type Geolocation = GeolocationState & { requestLocation: () => void };

/**
 * The player's location (SPEC §4 Location). Nothing is asked on load unless permission was
 * already granted; otherwise `requestLocation` runs when the player taps 'Allow Location'.
 */
export function useGeolocation(): Geolocation {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    void requestIfAlreadyGranted();
  }, []);
  return { ...snapshot, requestLocation };
}
