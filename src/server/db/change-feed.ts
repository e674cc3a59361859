import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { Unlisten } from './notifications.ts';

/** Catalogue answers the triggers of migration 0012 announce changes to. */
export type Topic = 'walls' | 'artists' | 'missions' | 'events';

/** A fence not heard back within this long means notifications are late: caches start over. */
const FENCE_TIMEOUT_MS = 2000;

/**
 * What this process hears of the database's changes (docs/decisions/028): a catalogue topic,
 * a player whose session answer changed, or that notifications may have been lost (every cache
 * starts over). Caches serve from memory only while `listening`.
 */
export class ChangeFeed {
  listening = false;
  /**
   * Bumped by everything heard: a load that started at one value and finds another when it ends
   * may have read data older than a change, so it is used once and not kept.
   */
  seq = 0;
  private readonly topicHandlers: ((topic: Topic) => void)[] = [];
  private readonly userHandlers: ((userId: string) => void)[] = [];
  private readonly resetHandlers: (() => void)[] = [];
  private readonly fences = new Map<string, () => void>();
  private unlisten: Unlisten | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(['ss_changed', 'ss_user', 'ss_fence'], {
      onNotify: (channel, payload) => this.heard(channel, payload),
      onListening: (listening) => {
        this.listening = listening;
        this.reset();
      },
    });
    // A connection that LISTENs but never hears (a transaction-mode pooler) would keep caches
    // stale: without our own notification back, nothing is answered from memory.
    if (!(await this.fence())) {
      this.listening = false;
      console.warn(
        'database change notifications are not delivered (a transaction-mode pooler?): ' +
          'serving every read from the database',
      );
    }
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  onTopic(handler: (topic: Topic) => void): void {
    this.topicHandlers.push(handler);
  }

  onUser(handler: (userId: string) => void): void {
    this.userHandlers.push(handler);
  }

  onReset(handler: () => void): void {
    this.resetHandlers.push(handler);
  }

  /** Every cache starts over. */
  reset(): void {
    this.seq++;
    for (const handler of this.resetHandlers) handler();
  }

  /** A player's cached session answer and own answers go (their own write, a sign-out). */
  forgetUser(userId: string): void {
    this.seq++;
    for (const handler of this.userHandlers) handler(userId);
  }

  /**
   * Resolves once every change committed before the call has been heard: Postgres delivers
   * notifications in commit order, so hearing our own later one is proof. A write request waits
   * for it before answering, so the player's next read sees what their write changed.
   */
  async settle(): Promise<void> {
    if (this.listening && !(await this.fence())) this.reset();
  }

  /** Sends a notification of our own and tells whether it came back in time. */
  private async fence(): Promise<boolean> {
    const token = randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), FENCE_TIMEOUT_MS);
      this.fences.set(token, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await this.database.db.execute(sql`select pg_notify('ss_fence', ${token})`);
      return await heard;
    } finally {
      this.fences.delete(token);
    }
  }

  private heard(channel: string, payload: string): void {
    if (channel === 'ss_fence') {
      this.fences.get(payload)?.();
      return;
    }
    this.seq++;
    if (channel === 'ss_user') for (const handler of this.userHandlers) handler(payload);
    else for (const handler of this.topicHandlers) handler(payload as Topic);
  }
}
