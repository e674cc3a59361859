import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener hears: notifications, and whether it can currently hear them at all. */
export interface NotificationHandlers {
  onNotify(channel: string, payload: string): void;
  /**
   * false when the connection that receives notifications dropped (some may be lost), true once
   * it listens again.
   */
  onListening(listening: boolean): void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/** How long a lost LISTEN connection waits before it tries again. */
const RECONNECT_MS = 1000;

/** PGlite is one connection in this process: notifications arrive with the committing query. */
export async function listenPglite(
  client: PGlite,
  channels: string[],
  handlers: NotificationHandlers,
): Promise<Unlisten> {
  const stops = await Promise.all(
    channels.map((channel) =>
      client.listen(channel, (payload) => handlers.onNotify(channel, payload)),
    ),
  );
  handlers.onListening(true);
  return async () => {
    if (!client.closed) for (const stop of stops) await stop();
  };
}

/**
 * Postgres: a dedicated connection outside the pool (a pooled one would be handed to queries),
 * reconnected after any failure.
 */
export async function listenPostgres(
  url: string,
  channels: string[],
  handlers: NotificationHandlers,
): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    if (stopped || !client) return;
    client.removeAllListeners();
    client.end().catch(() => {});
    client = null;
    handlers.onListening(false);
    retry = setTimeout(() => void connect().catch(lost), RECONNECT_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (msg) => handlers.onNotify(msg.channel, msg.payload ?? ''));
    await next.connect();
    for (const channel of channels) await next.query(`listen ${channel}`);
    handlers.onListening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    last?.removeAllListeners();
    await last?.end();
  };
}
