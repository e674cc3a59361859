import { configQuery } from '../../api/config.ts';
import { loadMapView } from './home/lazy-map.ts';
import { hasFlag, setFlag } from '../../lib/device-flags.ts';
import { queryClient } from '../../lib/query-client.ts';

const SIGNED_IN = 'streetscope:signed-in';

/**
 * A device that was signed in last time most likely opens the map home: its code, the map's
 * code and the map's configuration load alongside the auth check instead of after it. A
 * signed-out device loads nothing more than the landing page needs.
 */
export function warmStart(path: string): void {
  if (path !== '/' || !hasFlag(SIGNED_IN, false)) return;
  void import('./map-home-page.tsx');
  void loadMapView();
  void queryClient.prefetchQuery(configQuery);
}

/** Remembers on this device whether the last auth check found a player. */
export function rememberSignedIn(signedIn: boolean): void {
  setFlag(SIGNED_IN, signedIn);
}
