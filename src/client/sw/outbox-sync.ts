/// <reference lib="webworker" />
import { OUTBOX_SENT, SYNC_TAG, sendOutboxFromWorker } from '../outbox/sync.ts';

declare const self: ServiceWorkerGlobalScope;

/** Chromium's one-shot Background Sync event (not in TypeScript's worker types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function sendAndTell() {
  const sent = await sendOutboxFromWorker();
  if (sent === 0) return;
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: OUTBOX_SENT, sent });
  }
}

/**
 * Background Sync (docs/decisions/034): when the network returns the browser wakes the worker,
 * even with no page open, and the outbox is sent. A pass cut short rejects, and the browser
 * tries again later.
 */
export function answerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === SYNC_TAG) sync.waitUntil(sendAndTell());
  });
}
