import type { ChangeFeed } from '../change-feed.ts';
import type { Db } from '../db/client.ts';
import { findSession, hashSessionId, type SessionUser } from './sessions.ts';

interface Entry {
  user: SessionUser;
  /** When the session itself expires (ms). */
  expiresAt: number;
  loadedAt: number;
}

/** Beyond this many sessions the oldest loaded are dropped (a few MB of users rows). */
const MAX_ENTRIES = 50_000;

/**
 * The signed-in player of a session cookie, kept in memory for at most maxAgeMs
 * (docs/decisions/028): a change to the player's account, subscription or sessions is heard
 * from the database and drops their entries on every process; maxAgeMs bounds staleness only
 * while notifications are late. The user objects are frozen: requests share them.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly maxAgeMs: number,
  ) {
    feed.onUser((userId) => this.forget(userId));
    feed.onReset(() => {
      this.entries.clear();
      this.byUser.clear();
    });
  }

  /** The session's player while fresh in memory, without waiting; undefined to ask `find`. */
  cached(sessionId: string): SessionUser | undefined {
    return this.fresh(hashSessionId(sessionId));
  }

  async find(sessionId: string): Promise<SessionUser | null> {
    const key = hashSessionId(sessionId);
    const hit = this.fresh(key);
    if (hit) return hit;
    const now = Date.now();
    const seq = this.feed.seq;
    const found = await findSession(this.db, key);
    if (!found) return null;
    const user = Object.freeze(found.user);
    // A change heard while loading may postdate what was read: use the answer, do not keep it.
    if (this.feed.listening && this.feed.seq === seq && this.maxAgeMs > 0) {
      this.keep(key, { user, expiresAt: found.expiresAt.getTime(), loadedAt: now });
    }
    return user;
  }

  private fresh(key: string): SessionUser | undefined {
    if (!this.feed.listening) return undefined;
    const hit = this.entries.get(key);
    const now = Date.now();
    return hit && now - hit.loadedAt < this.maxAgeMs && hit.expiresAt > now ? hit.user : undefined;
  }

  private keep(key: string, entry: Entry): void {
    this.drop(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(key, entry);
    const keys = this.byUser.get(entry.user.id) ?? new Set<string>();
    keys.add(key);
    this.byUser.set(entry.user.id, keys);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byUser.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(entry.user.id);
  }

  private forget(userId: string): void {
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }
}
