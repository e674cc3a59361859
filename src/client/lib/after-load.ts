/**
 * Runs `run` once the page has loaded and the main thread is idle: for work the first screen
 * does not need (docs/decisions/030-light-map-home.md). Browsers without idle callbacks wait a
 * second past load instead.
 */
export function afterLoadAndIdle(run: () => void): void {
  const idle = window.requestIdleCallback ?? ((then: () => void) => setTimeout(then, 1000));
  if (document.readyState === 'complete') idle(run);
  else window.addEventListener('load', () => idle(run), { once: true });
}
