import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/sign-in-schema.ts';
import { LastSeenBatch } from './last-seen-batch.ts';
import { LAST_SEEN_STEP_MS, SessionCache } from './session-cache.ts';
import { findSession, hashSessionId } from './sessions.ts';

/** Sessions from memory (docs/decisions/028): one database load per expiry, last seen batched. */

const MAX_AGE_MS = 10_000;
const CONCURRENT = 100;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const cookieOf = (player: Player) => player.cookie.split('=')[1]!;

/** A session cache over the app's database and change feed, counting its database loads. */
function countingCache(load: (db: Db, idHash: string) => ReturnType<typeof findSession>) {
  const counted = { loads: 0 };
  const seen = new LastSeenBatch(t.db, LAST_SEEN_STEP_MS, (err) => {
    throw err;
  });
  const cache = new SessionCache(t.db, t.app.changeFeed, MAX_AGE_MS, seen, (db, idHash) => {
    counted.loads++;
    return load(db, idHash);
  });
  return { cache, seen, counted };
}

const askAtOnce = (cache: SessionCache, id: string, country: string | null = null) =>
  Promise.all(Array.from({ length: CONCURRENT }, () => cache.find(id, country)));

describe('a session not in memory', () => {
  it(
    `is loaded from the database once per expiry under ${CONCURRENT} concurrent requests`,
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(t.app);
      const { cache, seen, counted } = countingCache(findSession);
      const first = await askAtOnce(cache, cookieOf(player));
      expect(first.map((user) => user?.id)).toEqual(Array(CONCURRENT).fill(player.id));
      expect(counted.loads).toBe(1);
      // Fresh: answered from memory, without waiting.
      expect(cache.cached(cookieOf(player))?.id).toBe(player.id);
      await askAtOnce(cache, cookieOf(player));
      expect(counted.loads).toBe(1);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + MAX_AGE_MS + 1000);
      expect(cache.cached(cookieOf(player))).toBeUndefined();
      const again = await askAtOnce(cache, cookieOf(player));
      expect(again.map((user) => user?.id)).toEqual(Array(CONCURRENT).fill(player.id));
      expect(counted.loads).toBe(2);
      await seen.close();
    },
  );

  it('is refused to every waiter of a load that found nothing, and never kept', async () => {
    const { cache, seen, counted } = countingCache(findSession);
    const answers = await askAtOnce(cache, 'no-such-session');
    expect(answers).toEqual(Array(CONCURRENT).fill(null));
    expect(counted.loads).toBe(1);
    await cache.find('no-such-session', null);
    expect(counted.loads).toBe(2);
    await seen.close();
  });

  it('fails every waiter of a failed load, and the next request loads again', async () => {
    const player = await signUp(t.app);
    let failing = true;
    const { cache, seen, counted } = countingCache(async (db, idHash) => {
      if (failing) throw new Error('the database went away');
      return findSession(db, idHash);
    });
    const failed = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, () => cache.find(cookieOf(player), null)),
    );
    expect(failed.every((r) => r.status === 'rejected')).toBe(true);
    expect(counted.loads).toBe(1);
    failing = false;
    expect((await cache.find(cookieOf(player), null))?.id).toBe(player.id);
    expect(counted.loads).toBe(2);
    await seen.close();
  });

  it('is not shared past a change: a session ended during a load is refused at once', async () => {
    const player = await signUp(t.app);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    let calls = 0;
    // The first load reads the session, then is held until the session has been ended.
    const { cache, seen } = countingCache(async (db, idHash) => {
      const found = await findSession(db, idHash);
      if (++calls === 1) {
        read();
        await gate;
      }
      return found;
    });
    const early = cache.find(cookieOf(player), null);
    await hasRead;
    await t.db.delete(sessions).where(eq(sessions.idHash, hashSessionId(cookieOf(player))));
    await t.app.changeFeed.settle();
    expect(await cache.find(cookieOf(player), null)).toBeNull();
    release();
    // The held load answers its own request (it began first) but is not kept.
    expect((await early)?.id).toBe(player.id);
    expect(await cache.find(cookieOf(player), null)).toBeNull();
    await seen.close();
  });
});

describe('last seen', () => {
  const lastSeenOf = async (player: Player) =>
    (
      await t.db
        .select({ at: sessions.lastSeenAt, country: sessions.country })
        .from(sessions)
        .where(eq(sessions.idHash, hashSessionId(cookieOf(player))))
    )[0]!;

  it(`is written once for ${CONCURRENT} requests due, when the batch is flushed`, async () => {
    const player = await signUp(t.app);
    const { cache, seen } = countingCache(findSession);
    const before = await lastSeenOf(player);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(before.at.getTime() + LAST_SEEN_STEP_MS + 60_000);
    await askAtOnce(cache, cookieOf(player), 'PT');
    // Nobody waited for the write: it is still to come.
    expect(await lastSeenOf(player)).toEqual(before);
    await seen.flush();
    expect(await lastSeenOf(player)).toEqual({ at: new Date(Date.now()), country: 'PT' });
    // Marked: the next requests in the step write nothing.
    vi.setSystemTime(Date.now() + 60_000);
    await askAtOnce(cache, cookieOf(player));
    await seen.flush();
    expect((await lastSeenOf(player)).at).toEqual(new Date(Date.now() - 60_000));
    await seen.close();
  });

  it('is not moved back by a process that marked it earlier in the same step', async () => {
    const player = await signUp(t.app);
    const { seen } = countingCache(findSession);
    const before = await lastSeenOf(player);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(before.at.getTime() + LAST_SEEN_STEP_MS + 60_000);
    const elsewhere = new LastSeenBatch(t.db, LAST_SEEN_STEP_MS, () => {});
    elsewhere.mark(hashSessionId(cookieOf(player)), null);
    vi.setSystemTime(Date.now() + 1000);
    seen.mark(hashSessionId(cookieOf(player)), 'DE');
    await seen.flush();
    await elsewhere.close();
    expect(await lastSeenOf(player)).toEqual({ at: new Date(Date.now()), country: 'DE' });
    await seen.close();
  });
});
