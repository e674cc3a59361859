import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  UNLIMITED,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { expectReplay, freshKey, keyed, tokensOf } from '../../../test/idempotency.ts';
import { suspensionMessage } from '../auth/suspension.ts';
import { discoveries, idempotencyKeys, markers, users } from '../db/schema.ts';
import {
  BAD_KEY_MESSAGE,
  OTHER_REQUEST_MESSAGE,
  requestFingerprint,
  STILL_RUNNING_MESSAGE,
} from '../http/idempotency.ts';
import { CLAIM_LEASE_MS, KEY_TTL_MS, pruneIdempotencyKeys } from '../services/idempotency-keys.ts';

/** What a key does when the first request is refused, fails, or is still running. */

const WAIT_MS = 150;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: UNLIMITED,
    config: { idempotencyWaitMs: WAIT_MS },
  });
});
afterAll(() => t.close());

const marker = (label: string) => ({ latitude: 48.85, longitude: 2.35, label });
const markersOf = async (player: Player) =>
  (await t.db.select({ n: count() }).from(markers).where(eq(markers.userId, player.id)))[0]!.n;
const keysOf = async (player: Player) =>
  (
    await t.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, player.id))
  )[0]!.n;

describe('the header', () => {
  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé-1'],
    ['with a space', 'two words'],
  ])('%s is refused with 400 and nothing is created', async (_what, key) => {
    const player = await signUp(t.app);
    const res = await keyed(player, key, '/api/markers', marker('Bad key'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_KEY_MESSAGE });
    expect(await markersOf(player)).toBe(0);
    expect(await keysOf(player)).toBe(0);
  });

  it('255 visible characters are a key', async () => {
    const player = await signUp(t.app);
    const key = '~'.repeat(200) + '!'.repeat(55);
    const first = await keyed(player, key, '/api/markers', marker('Long key'));
    expect(first.statusCode).toBe(201);
    expectReplay(first, await keyed(player, key, '/api/markers', marker('Long key')));
    expect(await markersOf(player)).toBe(1);
  });

  it('without it a create behaves as before: each request creates', async () => {
    const player = await signUp(t.app);
    for (let i = 0; i < 2; i++) {
      const res = await player.request({
        method: 'POST',
        url: '/api/markers',
        payload: marker('Twice'),
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await markersOf(player)).toBe(2);
  });

  it('signed out, the request is refused 401 whatever the key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/markers',
      payload: marker('Anonymous'),
      headers: { 'idempotency-key': '' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a refused first request', () => {
  it('invalid input: the repeat gets the same 400', async () => {
    const player = await signUp(t.app);
    const key = freshKey();
    const body = { latitude: 200, longitude: 2, label: 'Off the map' };
    const first = await keyed(player, key, '/api/markers', body);
    expect(first.statusCode).toBe(400);
    expectReplay(first, await keyed(player, key, '/api/markers', body));
    expect(await markersOf(player)).toBe(0);
  });

  it('a business refusal: the repeat gets the same 409', async () => {
    const player = await signUp(t.app);
    const imageUrl = await uploadPhoto(player);
    const body = { name: 'Koala', latitude: 48.86, longitude: 2.34, imageUrl };
    const taken = await player.request({ method: 'POST', url: '/api/discoveries', payload: body });
    expect(taken.statusCode).toBe(201);
    const key = freshKey();
    const first = await keyed(player, key, '/api/discoveries', body);
    expect(first.statusCode).toBe(409);
    expectReplay(first, await keyed(player, key, '/api/discoveries', body));
  });

  /** Runs `fn` while the database refuses the player's rows of `table` that match `when`. */
  async function refusing<T>(table: string, when: string, fn: () => Promise<T>): Promise<T> {
    await t.db.execute(
      sql.raw(`create function refuse_row() returns trigger language plpgsql as $$
        begin raise exception 'database unavailable'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_row before insert or update on ${table} for each row
        when (${when}) execute function refuse_row()`),
    );
    try {
      return await fn();
    } finally {
      await t.db.execute(sql.raw(`drop trigger refuse_row on ${table}`));
      await t.db.execute(sql`drop function refuse_row()`);
    }
  }

  /** A keyed discovery that fails with 500; its retry runs once, pays once and is then kept. */
  async function failsThenPaysOnce(table: string, when: (player: Player) => string) {
    const player = await signUp(t.app);
    const imageUrl = await uploadPhoto(player);
    const body = { name: 'Koala', latitude: 48.87, longitude: 2.33, imageUrl };
    const before = await tokensOf(t.db, player);
    const key = freshKey();
    const failed = await refusing(table, when(player), () =>
      keyed(player, key, '/api/discoveries', body),
    );
    expect(failed.statusCode).toBe(500);
    expect(await tokensOf(t.db, player)).toBe(before);
    expect(await keysOf(player)).toBe(0);

    const retry = await keyed(player, key, '/api/discoveries', body);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expectReplay(retry, await keyed(player, key, '/api/discoveries', body));
    const award = retry.json<{ tokensAwarded: number }>().tokensAwarded;
    expect(await tokensOf(t.db, player)).toBe(before + award);
    const rows = await t.db.select().from(discoveries).where(eq(discoveries.userId, player.id));
    expect(rows).toHaveLength(1);
  }

  it('a server failure is not kept: the retry runs, and pays once', async () => {
    // The database refuses the discovery, as it would in a failover mid-request.
    await failsThenPaysOnce('discoveries', (player) => `new.user_id = '${player.id}'`);
  });

  it('an answer the database cannot keep undoes its create: the retry pays once', async () => {
    // The create is written; then keeping its answer fails, as when the database goes between.
    await failsThenPaysOnce(
      'idempotency_keys',
      (player) => `new.user_id = '${player.id}' and new.state = 'done'`,
    );
  });

  it('too many requests is not kept: once the limit allows, the retry runs', async () => {
    const limited = await createTestApp({
      seed: false,
      limits: { writesPerUser: { limit: 1, windowSeconds: 3600 } },
    });
    try {
      const player = await signUp(limited.app);
      expect((await keyed(player, freshKey(), '/api/markers', marker('One'))).statusCode).toBe(201);
      const key = freshKey();
      const refused = await keyed(player, key, '/api/markers', marker('Two'));
      expect(refused.statusCode).toBe(429);
      const again = await keyed(player, key, '/api/markers', marker('Two'));
      expect(again.statusCode).toBe(429);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      await limited.db.execute(sql`delete from rate_limits`);
      expect((await keyed(player, key, '/api/markers', marker('Two'))).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a replay still passes the checks of every write', () => {
  it('a suspended player gets the suspension refusal, not the stored answer', async () => {
    const player = await signUp(t.app);
    const key = freshKey();
    const payload = { content: 'Posted before the suspension' };
    expect((await keyed(player, key, '/api/community/forum', payload)).statusCode).toBe(201);
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, player.id));
    const res = await keyed(player, key, '/api/community/forum', payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: suspensionMessage(until) });
  });

  it('a cross-site repeat is refused', async () => {
    const player = await signUp(t.app);
    const key = freshKey();
    expect((await keyed(player, key, '/api/markers', marker('Home'))).statusCode).toBe(201);
    const res = await player.request({
      method: 'POST',
      url: '/api/markers',
      payload: marker('Home'),
      headers: { 'idempotency-key': key, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a key whose first request is still running', () => {
  /** A claim as another process holds it while its request runs, `ageMs` old. */
  async function running(player: Player, key: string, body: object, ageMs = 0) {
    await t.db.insert(idempotencyKeys).values({
      userId: player.id,
      key,
      fingerprint: requestFingerprint('POST', '/api/markers', body),
      claim: 'another-process',
      createdAt: new Date(Date.now() - ageMs),
    });
  }

  it('a repeat waits, then is told to retry later; another body is refused at once', async () => {
    const player = await signUp(t.app);
    const key = freshKey();
    await running(player, key, marker('Slow'));
    const res = await keyed(player, key, '/api/markers', marker('Slow'));
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: STILL_RUNNING_MESSAGE });
    const other = await keyed(player, key, '/api/markers', marker('Other'));
    expect(other.json()).toEqual({ message: OTHER_REQUEST_MESSAGE });
    expect(await markersOf(player)).toBe(0);
  });

  it('a claim past its lease was left by a process that died: the repeat takes it over', async () => {
    const player = await signUp(t.app);
    const key = freshKey();
    await running(player, key, marker('Orphan'), CLAIM_LEASE_MS + 1000);
    const first = await keyed(player, key, '/api/markers', marker('Orphan'));
    expect(first.statusCode).toBe(201);
    expectReplay(first, await keyed(player, key, '/api/markers', marker('Orphan')));
    expect(await markersOf(player)).toBe(1);
  });
});

describe('after 24 hours', () => {
  it('a key is free again, and pruning removes it', async () => {
    const player = await signUp(t.app);
    const key = freshKey();
    expect((await keyed(player, key, '/api/markers', marker('Old'))).statusCode).toBe(201);
    const dayAgo = new Date(Date.now() - KEY_TTL_MS - 1000);
    const mine = and(eq(idempotencyKeys.userId, player.id), eq(idempotencyKeys.key, key));
    await t.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(mine);
    const reused = await keyed(player, key, '/api/markers', marker('New'));
    expect(reused.statusCode).toBe(201);
    expect(await markersOf(player)).toBe(2);

    const fresh = freshKey();
    expect((await keyed(player, fresh, '/api/markers', marker('Fresh'))).statusCode).toBe(201);
    await t.db.update(idempotencyKeys).set({ createdAt: dayAgo }).where(mine);
    await pruneIdempotencyKeys(t.db);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, player.id));
    expect(left).toEqual([{ key: fresh }]);
  });
});
