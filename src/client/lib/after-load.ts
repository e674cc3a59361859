/** How long the main thread must go without a long task before background work starts. */
const QUIET_MS = 1000;
/** Background work starts by then, counted from load, on a main thread that never goes quiet. */
const LATEST_MS = 15_000;

/**
 * Runs `run` once the page has loaded, the first screen has settled and the main thread is
 * idle: for work the first screen does not need (docs/decisions/030-light-map-home.md).
 * "Settled" is a second without a long task, so the service worker's install (which downloads
 * the whole app) and the outbox sender wait for the map's first drawing instead of competing
 * with it on a phone's two cores. Browsers that do not report long tasks go by load and idle.
 */
export function afterLoadAndIdle(run: () => void): void {
  const idle = window.requestIdleCallback ?? ((then: () => void) => setTimeout(then, 1000));
  const start = () => whenQuiet(() => idle(run));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function whenQuiet(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return then();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(latest);
    then();
  };
  const observer = new PerformanceObserver(() => {
    clearTimeout(quiet);
    quiet = setTimeout(done, QUIET_MS);
  });
  observer.observe({ type: 'longtask' });
  quiet = setTimeout(done, QUIET_MS);
  const latest = setTimeout(done, LATEST_MS);
}
