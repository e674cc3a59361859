import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { inboxText } from '../../core/inbox-text.ts';
import type { InboxItem } from '../../core/schemas/inbox.ts';
import type { PushPayload } from '../../core/schemas/push.ts';
import type { Config } from '../config/config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Unlisten } from '../db/notifications.ts';
import { pushQueue, pushSubscriptions } from '../db/push-schema.ts';
import { inboxItemsFor, PUSH_CHANNEL } from './inbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pushSender: PushSender;
  }
}

/** Items taken from the queue at a time. */
const BATCH = 20;
/** How long a push service may take to answer one message. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is off (a day: news, not mail). */
const TTL_SECONDS = 24 * 60 * 60;

type Subscription = typeof pushSubscriptions.$inferSelect;

/** What the service worker shows, and the page a tap opens. */
export function pushPayload(item: InboxItem): PushPayload {
  const { title, description } = inboxText(item);
  return { id: item.id, kind: item.kind, title, body: description, url: item.link ?? '/inbox' };
}

/**
 * Sends the queued inbox items as Web Push messages (docs/decisions/042-push.md). It hears of
 * them by NOTIFY, which Postgres delivers only when the telling transaction commits, so nothing
 * is sent from inside a transaction nor for what rolled back. Each process takes rows by
 * deleting them (SKIP LOCKED), so any number of processes send each item once. A push service's
 * 404 or 410 means the device unsubscribed: its row goes. Any other failure is logged and the
 * item is not retried: the inbox has it anyway.
 */
export class PushSender {
  private draining: Promise<void> | null = null;
  private again = false;
  private unlisten: Unlisten | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens for queued items on the database's notifications. */
  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen([PUSH_CHANNEL], {
      onNotify: () => this.wake(),
      // Back after a lost connection: what was queued meanwhile was not heard of.
      onListening: (listening) => {
        if (listening) this.wake();
      },
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    await this.flush();
  }

  /** Sends everything queued so far and resolves once it is done (tests wait on it). */
  async flush(): Promise<void> {
    this.wake();
    while (this.draining) await this.draining;
  }

  private wake(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'push queue failed'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const ids = await this.take();
      if (ids.length === 0) return;
      // Without keys nothing can be signed: what was queued before push was turned off is dropped.
      if (!this.config.push) continue;
      for (const { userId, item } of await inboxItemsFor(this.db, ids)) {
        await this.send(userId, item);
      }
    }
  }

  /** The oldest queued items, removed from the queue: this process alone sends them. */
  private async take(): Promise<string[]> {
    const { db } = this;
    const oldest = db
      .select({ seq: pushQueue.seq })
      .from(pushQueue)
      .orderBy(asc(pushQueue.seq))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const taken = await db
      .delete(pushQueue)
      .where(inArray(pushQueue.seq, oldest))
      .returning({ seq: pushQueue.seq, inboxItemId: pushQueue.inboxItemId });
    return taken.sort((a, b) => a.seq - b.seq).map((row) => row.inboxItemId);
  }

  private async send(userId: string, item: InboxItem): Promise<void> {
    const devices = await this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    const payload = JSON.stringify(pushPayload(item));
    await Promise.all(devices.map((device) => this.sendTo(device, payload)));
  }

  private async sendTo(device: Subscription, payload: string): Promise<void> {
    const push = this.config.push!;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: push,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      // fetch rather than web-push's own https-only sender: it also reaches a test's http
      // endpoint, and never follows a redirect to somewhere else.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) {
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      } else if (!res.ok) {
        this.log.warn({ status: res.status, device: device.id }, 'push service refused a message');
      }
    } catch (err) {
      this.log.warn({ err, device: device.id }, 'push message not sent');
    }
  }
}
