import { useEffect, useState } from 'react';
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

/**
 * Sends the player's outbox on app start and whenever the browser comes back online, and asks
 * for a Background Sync where the browser has it (a worker that answers the tag sends too).
 */
export function useOutboxSender(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    onOutboxSent(() => queryClient.invalidateQueries());
    const flush = () => void flushOutbox(userId);
    flush();
    window.addEventListener('online', flush);
    requestBackgroundSync();
    // The worker sent items through Background Sync: the tokens and lists shown are stale.
    const sentByWorker = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === OUTBOX_SENT) {
        void queryClient.invalidateQueries();
      }
    };
    navigator.serviceWorker?.addEventListener('message', sentByWorker);
    return () => {
      window.removeEventListener('online', flush);
      navigator.serviceWorker?.removeEventListener('message', sentByWorker);
    };
  }, [userId]);
}
