import { useAuth } from '../../hooks/use-auth.ts';
import { useOutboxSender } from '../../outbox/use-outbox.ts';

/**
 * Sends the signed-in player's outbox on start and on reconnect. Its own chunk, loaded once
 * signed in and the page is idle, so the landing page does not carry IndexedDB code and the
 * first screen does not wait for it.
 */
export default function OutboxSender() {
  const { user } = useAuth();
  useOutboxSender(user?.id);
  return null;
}
