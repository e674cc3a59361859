import { useEffect, useState } from 'react';
import { queryClient } from '../lib/query-client.ts';
import type { OutboxItem } from './kinds.ts';
import { flushOutbox, onOutboxSent } from './sender.ts';
import { listItems, onOutboxChange } from './store.ts';
import { requestBackgroundSync } from './sync.ts';

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
    return () => window.removeEventListener('online', flush);
  }, [userId]);
}
