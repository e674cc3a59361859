import type { ChangeFeed } from '../db/change-feed.ts';
import type { Db } from '../db/client.ts';
import { sessionLookups } from '../observability/metrics.ts';
import type { LastSeenBatch } from './last-seen-batch.ts';
import { findSession, hashSessionId, type SessionUser } from './sessions.ts';

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

type Found = Awaited<ReturnType<typeof findSession>>;

/** A database load of one session that requests arriving meanwhile share. */
interface Load {
  found: Promise<Found>;
  /** A change was heard after it began: later requests start their own load. */
  overtaken: boolean;
}

/**
 * The signed-in player of a session cookie, kept in memory for at most maxAgeMs
 * (docs/decisions/028): a change to the player's account, subscription or sessions is heard
 * from the database and drops their entries on every process; maxAgeMs bounds staleness only
 * while notifications are late. The user objects are frozen: requests share them.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Load>();
  /**
   * The key (SHA-256) of each session id found in the database, so a signed-in request does
   * not hash its cookie again: the hash was a fixed cost of every one (docs/decisions/050).
   * Made-up ids are hashed each time and never kept.
   */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly maxAgeMs: number,
    private readonly seen: LastSeenBatch,
    /** Reads the session from the database (findSession; a test counts its calls). */
    private readonly load: (db: Db, idHash: string) => Promise<Found> = findSession,
  ) {
    feed.onUser((userId) => {
      this.forget(userId);
      this.overtakeLoads();
    });
    feed.onReset(() => {
      this.entries.clear();
      this.byUser.clear();
      this.overtakeLoads();
    });
  }

  /**
   * The session's player while fresh in memory, without waiting; undefined to ask `find` (also
   * when the session is due to be marked seen, which needs a write).
   */
  cached(sessionId: string): SessionUser | undefined {
    const now = Date.now();
    const hit = this.fresh(this.keyOf(sessionId), now);
    return hit && now - hit.lastSeenAt < LAST_SEEN_STEP_MS ? hit.user : undefined;
  }

  /**
   * The session's player; a session not seen for a step is marked seen (from `country`). When
   * it is not in memory, one database load serves every request asking meanwhile; a failed
   * load is not kept, and the next request tries again.
   */
  async find(sessionId: string, country: string | null): Promise<SessionUser | null> {
    const key = this.keyOf(sessionId);
    const now = Date.now();
    const hit = this.fresh(key, now);
    (hit ? sessionLookups.hit : sessionLookups.miss).inc();
    if (hit) {
      hit.lastSeenAt = this.markSeen(key, hit.lastSeenAt, country, now);
      return hit.user;
    }
    const found = await this.shared(key);
    if (!found) return null;
    if (this.keys.size >= MAX_ENTRIES) this.keys.clear();
    this.keys.set(sessionId, key);
    const kept = this.entries.get(key);
    if (kept?.user === found.user) {
      kept.lastSeenAt = this.markSeen(key, kept.lastSeenAt, country, now);
    } else {
      this.markSeen(key, found.lastSeenAt.getTime(), country, now);
    }
    return found.user;
  }

  /** The load in flight for the session, or a new one that keeps what it read if it may. */
  private shared(key: string): Promise<Found> {
    const running = this.loading.get(key);
    if (running && !running.overtaken) return running.found;
    const seq = this.feed.seq;
    const startedAt = Date.now();
    const load: Load = {
      found: this.load(this.db, key).then((found) => {
        if (!found) return null;
        const user = Object.freeze(found.user);
        // A change heard while loading may postdate what was read: use the answer, do not keep it.
        if (this.feed.listening && this.feed.seq === seq && this.maxAgeMs > 0) {
          const { expiresAt, lastSeenAt } = found;
          this.keep(key, {
            user,
            expiresAt: expiresAt.getTime(),
            loadedAt: startedAt,
            lastSeenAt: lastSeenAt.getTime(),
          });
        }
        return { ...found, user };
      }),
      overtaken: false,
    };
    this.loading.set(key, load);
    const done = () => {
      if (this.loading.get(key) === load) this.loading.delete(key);
    };
    load.found.then(done, done);
    return load.found;
  }

  private keyOf(sessionId: string): string {
    return this.keys.get(sessionId) ?? hashSessionId(sessionId);
  }

  private fresh(key: string, now: number): Entry | undefined {
    if (!this.feed.listening) return undefined;
    const hit = this.entries.get(key);
    return hit && now - hit.loadedAt < this.maxAgeMs && hit.expiresAt > now ? hit : undefined;
  }

  /** When the session counts as last seen after this request: now, if a step has passed. */
  private markSeen(key: string, lastSeenAt: number, country: string | null, now: number) {
    if (now - lastSeenAt < LAST_SEEN_STEP_MS) return lastSeenAt;
    this.seen.mark(key, country);
    return now;
  }

  private overtakeLoads(): void {
    for (const load of this.loading.values()) load.overtaken = true;
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
