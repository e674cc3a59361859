import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BasemapSource } from '../../../../core/schemas/map.ts';
import { prepareStreetMap, styleReadyFor } from './create-map.ts';

/**
 * Whether a map can start: at once without a street map, else once the street map's code has
 * loaded. `onFail` hears why it could not load; the basemap is the one of the first render.
 */
export function useStyleReady(
  basemap: BasemapSource | null,
  onFail: (error: unknown) => void,
): boolean {
  const [ready, setReady] = useState(() => styleReadyFor(basemap));
  const first = useRef(basemap);
  const fail = useRef(onFail);
  useLayoutEffect(() => {
    fail.current = onFail;
  });
  useEffect(() => {
    if (ready || !first.current) return;
    let gone = false;
    prepareStreetMap(first.current).then(
      () => !gone && setReady(true),
      (error: unknown) => !gone && fail.current(error),
    );
    return () => {
      gone = true;
    };
  }, [ready]);
  return ready;
}
