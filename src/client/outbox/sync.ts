import { flushOutbox } from './sender.ts';

/** The Background Sync tag a service worker answers with sendOutboxFromWorker (decision 034). */
export const SYNC_TAG = 'streetscope-outbox';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the worker when the network returns, where it can. */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator) || !('SyncManager' in globalThis)) return;
  // Only once a worker controls the page: `ready` would wait for ever without one.
  if (!navigator.serviceWorker.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync.register(SYNC_TAG))
    .catch(() => {
      // Refused (no permission, or not in this browser): app start and `online` still send.
    });
}

/**
 * For the service worker's `sync` event: sends the outbox of the player whose session cookie
 * the worker holds, under the same lock as the tabs. Resolves when the pass is over.
 */
export async function sendOutboxFromWorker(): Promise<void> {
  const res = await fetch('/api/auth/user', { credentials: 'include' });
  if (!res.ok) return;
  const user = (await res.json()) as { id?: string } | null;
  if (user?.id) await flushOutbox(user.id);
}
