import { useLayoutEffect, useRef, useState } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handlers = Record<string, (...args: any[]) => unknown>;

/**
 * The given handlers, each with one identity for the component's life that calls the latest
 * version: a memoised child given them re-renders only when its data changes.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  // The forwarders read the ref when called, never during render.
  /* eslint-disable react-hooks/refs */
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(handlers).map((key) => [
          key,
          (...args: unknown[]) => latest.current[key]!(...args),
        ]),
      ) as T,
  );
  /* eslint-enable react-hooks/refs */
  return stable;
}
