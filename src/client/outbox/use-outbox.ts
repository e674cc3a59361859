import { useEffect, useState } from 'react';
import { toast } from '../hooks/use-toast.ts';
import { plural } from '../lib/format.ts';
import { queryClient } from '../lib/query-client.ts';
import type { OutboxItem } from './kinds.ts';
import { flushOutbox, onOutboxSent } from './sender.ts';
import { listItems, onOutboxChange } from './store.ts';
import { OUTBOX_SENT, requestBackgroundSync } from './sync.ts';

/** The signed-in player's outbox items, oldest first, kept current across tabs. */
export function useOutboxItems(userId: string | undefined): OutboxItem[] | null {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const load = () =>
      void listItems(userId).then((list) => {
        if (live) setItems(list);
      });
    load();
    const off = onOutboxChange(load);
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return userId ? items : null;
}

/** Tells the player that what waited on the device has been sent. */
function toastSent(sent: number) {
  toast({
    title: 'Sent from this device',
    description: `${plural(sent, 'item', 'items')} that waited for a connection ${sent === 1 ? 'has' : 'have'} been sent.`,
  });
}

/**
 * Sends the player's outbox on app start and whenever the browser comes back online, and asks
 * for a Background Sync where the browser has it (a worker that answers the tag sends too).
 * It listens for what is sent from the first render: a capture kept before the page went idle
 * may be sent before the start's pass.
 */
export function useOutboxSender(userId: string | undefined) {
  useEffect(() => {
    onOutboxSent((sent, waited) => {
      if (waited > 0) toastSent(waited);
      return queryClient.invalidateQueries();
    });
    // The worker sent items through Background Sync: the tokens and lists shown are stale.
    const sentByWorker = (event: MessageEvent) => {
      const data = event.data as { type?: string; sent?: number } | null;
      if (data?.type === OUTBOX_SENT) {
        // A worker from before the count was sent says nothing of it: no toast then.
        if (typeof data.sent === 'number') toastSent(data.sent);
        void queryClient.invalidateQueries();
      }
    };
    navigator.serviceWorker?.addEventListener('message', sentByWorker);
    return () => navigator.serviceWorker?.removeEventListener('message', sentByWorker);
  }, []);

  useEffect(() => {
    if (!userId) return;
    const flush = () => void flushOutbox(userId);
    flush();
    window.addEventListener('online', flush);
    requestBackgroundSync();
    return () => window.removeEventListener('online', flush);
  }, [userId]);
}
