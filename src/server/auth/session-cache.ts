import type { ChangeFeed } from '../db/change-feed.ts';
import type { Db } from '../db/client.ts';
import { findSession, hashSessionId, markSessionSeen, type SessionUser } from './sessions.ts';

interface Entry {
  user: SessionUser;
  /** When the session itself expires (ms). */
  expiresAt: number;
  loadedAt: number;
  /** When the session was last marked seen (ms), so a fresh entry needs no write. */
  lastSeenAt: number;
}

/** Last seen moves forward at most this often per session (docs/decisions/032). */
export const LAST_SEEN_STEP_MS = 5 * 60_000;

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

  /**
   * The session's player while fresh in memory, without waiting; undefined to ask `find` (also
   * when the session is due to be marked seen, which needs a write).
   */
  cached(sessionId: string): SessionUser | undefined {
    const now = Date.now();
    const hit = this.fresh(hashSessionId(sessionId), now);
    return hit && now - hit.lastSeenAt < LAST_SEEN_STEP_MS ? hit.user : undefined;
  }

  /** The session's player; a session not seen for a step is marked seen (from `country`). */
  async find(sessionId: string, country: string | null): Promise<SessionUser | null> {
    const key = hashSessionId(sessionId);
    const now = Date.now();
    const hit = this.fresh(key, now);
    if (hit) {
      hit.lastSeenAt = await this.markSeen(key, hit.lastSeenAt, country, now);
      return hit.user;
    }
    const seq = this.feed.seq;
    const found = await findSession(this.db, key);
    if (!found) return null;
    const user = Object.freeze(found.user);
    const lastSeenAt = await this.markSeen(key, found.lastSeenAt.getTime(), country, now);
    // A change heard while loading may postdate what was read: use the answer, do not keep it.
    if (this.feed.listening && this.feed.seq === seq && this.maxAgeMs > 0) {
      this.keep(key, { user, expiresAt: found.expiresAt.getTime(), loadedAt: now, lastSeenAt });
    }
    return user;
  }

  private fresh(key: string, now: number): Entry | undefined {
    if (!this.feed.listening) return undefined;
    const hit = this.entries.get(key);
    return hit && now - hit.loadedAt < this.maxAgeMs && hit.expiresAt > now ? hit : undefined;
  }

  /** When the session counts as last seen after this request: now, if a step has passed. */
  private async markSeen(key: string, lastSeenAt: number, country: string | null, now: number) {
    if (now - lastSeenAt < LAST_SEEN_STEP_MS) return lastSeenAt;
    await markSessionSeen(this.db, key, country, LAST_SEEN_STEP_MS);
    return now;
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
