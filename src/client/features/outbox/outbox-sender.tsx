import { useEffect, useState } from 'react';
import { useAuth } from '../../hooks/use-auth.ts';
import { afterLoadAndIdle } from '../../lib/after-load.ts';
import { useOutboxSender } from '../../outbox/use-outbox.ts';

/**
 * Sends the signed-in player's outbox on start and on reconnect. Its own chunk, loaded once
 * signed in, so the landing page does not carry IndexedDB code; it starts once the page has
 * loaded and gone idle, so the first screen does not share its first seconds with it (IndexedDB,
 * a lock, a sync registration). Items waiting are sent a moment later, not lost.
 */
export default function OutboxSender() {
  const { user } = useAuth();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setIdle(true)), []);
  useOutboxSender(idle ? user?.id : undefined);
  return null;
}
