import { useEffect, useState } from 'react';

/**
 * Whether what `start` asks for has settled, either way; asked for while `wanted`. `done` says
 * so without asking (code already in). For a screen that waits for a part's code as an ordinary
 * update rather than through a Suspense fallback (components/ui/lazy-boundary.tsx).
 */
export function useSettled(start: () => Promise<unknown>, done: () => boolean, wanted = true) {
  const [settled, setSettled] = useState(done);
  useEffect(() => {
    if (!wanted || settled) return;
    let live = true;
    const settle = () => {
      if (live) setSettled(true);
    };
    start().then(settle, settle);
    return () => {
      live = false;
    };
  }, [start, wanted, settled]);
  return settled || done();
}
