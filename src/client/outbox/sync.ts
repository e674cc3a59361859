import { holdsSession } from '../lib/session-hint.ts';
import { sendOnce } from './sender.ts';

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

/** What the worker tells the open pages after it sent items: their reads are out of date. */
export const OUTBOX_SENT = 'OUTBOX_SENT';

/**
 * For the service worker's `sync` event: one pass over the outbox of the player whose session
 * cookie the worker holds, under the same lock as the tabs. Rejects when the network stopped the
 * pass short, so the browser fires the sync again later; resolves how many items went. Without
 * a session (signed out since) there is nobody to send for, and nobody to ask about.
 */
export async function sendOutboxFromWorker(): Promise<number> {
  if (!(await holdsSession())) return 0;
  const res = await fetch('/api/auth/user', { credentials: 'include' });
  if (!res.ok) return 0;
  const user = (await res.json()) as { id?: string } | null;
  if (!user?.id) return 0;
  const { end, sent } = await sendOnce(user.id);
  if (end === 'network' || end === 'later') throw new Error(`outbox pass ended: ${end}`);
  return sent;
}
