import { Workbox } from 'workbox-window';
import { offerUpdate } from './app-update.ts';

/**
 * Registers the service worker (src/client/sw.ts). A new version installs in the background
 * and waits; the player chooses when it takes over, and the page reloads once it has.
 */
export function registerWorker(): void {
  const worker = new Workbox('/sw.js');
  worker.addEventListener('waiting', () => {
    offerUpdate(() => {
      worker.addEventListener('controlling', () => window.location.reload());
      worker.messageSkipWaiting();
    });
  });
  // A browser that refuses workers (private modes, policies) still runs the app online.
  worker.register().catch(() => undefined);
}
