import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '../src/core/schemas/objects.ts';
import { openDatabase, type Db } from '../src/server/db/client.ts';
import { discoveries, idempotencyKeys, markers, users } from '../src/server/db/schema.ts';
import { createPostgresDatabase } from './app.ts';
import { uniquePhoto } from './images.ts';
import {
  killAll,
  request,
  startServer,
  type Response,
  type ServerProcess,
} from './server-process.ts';
import { withAdmin } from './test-database.ts';

/**
 * kill -9 of the real server in the middle of keyed creates, a restart on the same database and
 * a replay of every key (docs/decisions/031). A trigger of the test's own makes the store of a
 * round's answers sleep, so the kill lands after the creates' writes and before anything could
 * commit: no create without its answer may have stayed, and each replay runs it once. On the
 * embedded database (PGlite in DATA_DIR, restarted on the same directory), or on Postgres in the
 * Postgres pass (TEST_DATABASE_URL).
 */

const ROUNDS = 3;
/** Per round: creates answered before the kill, and creates in flight when it lands. */
const ANSWERED = 4;
const IN_FLIGHT = 6;
/**
 * A PGlite server that does not answer /healthz for this long is stuck in the trigger's sleep
 * (a kill that comes earlier, on a slow machine, still finds no answer stored).
 */
const FROZEN_MS = 1500;
const PLAYER = 'crash_cora';

let dataDir: string;
let postgres: { url: string; drop(): Promise<void> } | null = null;
let server: ServerProcess;
let cookie: string;

/** Stores of the answers of `round`'s in-flight keys sleep, far longer than the test waits to kill. */
async function arm(db: Db, round: number): Promise<void> {
  await db.execute(
    sql.raw(`create or replace function crash_test_sleep() returns trigger language plpgsql as $$
      begin
        if new.key like 'crash-${round}-in-flight-%' then perform pg_sleep(60); end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create or replace trigger crash_test_sleep before insert or update on idempotency_keys
      for each row when (new.state = 'done') execute function crash_test_sleep()`),
  );
}

/** The database behind the server; PGlite's only while the server is down (one process owns it). */
async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    postgres
      ? { kind: 'postgres', url: postgres.url, poolSize: 1 }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-crash-'));
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    postgres = await createPostgresDatabase(url);
    // A killed server's sleeping statement stops, as PGlite's stop with the process.
    const name = new URL(postgres.url).pathname.slice(1);
    await withAdmin(url, (c) =>
      c.query(`alter database ${name} set client_connection_check_interval = '100ms'`),
    );
  }
  await withDatabase((db) => arm(db, 1));
});
afterAll(async () => {
  await killAll();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  server = await startServer(dataDir, {
    SEED_CONTENT: 'false',
    ...(postgres && { DATABASE_URL: postgres.url }),
  });
};

const post = (url: string, body?: object, headers?: Record<string, string>) =>
  request(server.port, { method: 'POST', path: url, body, cookie, headers });

async function uploadPhoto(): Promise<string> {
  const ticket = await post('/api/objects/upload', { purpose: 'discovery' });
  expect(ticket.status, ticket.text).toBe(200);
  const { uploadURL, completeURL, objectURL } = ticket.json<UploadTicket>();
  const put = await request(server.port, {
    method: 'PUT',
    path: uploadURL,
    body: uniquePhoto(),
    cookie,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status, put.text).toBe(200);
  const done = await post(completeURL);
  expect(done.status, done.text).toBe(200);
  return objectURL;
}

/** A discovery with a photo (paid; one per photo) or a marker (nothing against a twin). */
interface KeyedCreate {
  key: string;
  url: string;
  body: { latitude: number; longitude: number; imageUrl?: string; label?: string };
  /** The first answer its client got: before the kill, or from the replay after it. */
  answer?: Response;
}

let spot = 0;
/** Spots a few metres apart: one player's discoveries raise no fair-play flag. */
const nextSpot = () => ({ latitude: -33.87 + ++spot * 0.0002, longitude: 151.21 });

async function prepare(prefix: string, n: number): Promise<KeyedCreate[]> {
  const creates: KeyedCreate[] = [];
  for (let i = 0; i < n; i++) {
    const key = `${prefix}-${i}`;
    if (i % 2 === 0) {
      const body = { name: 'Koala', ...nextSpot(), imageUrl: await uploadPhoto() };
      creates.push({ key, url: '/api/discoveries', body });
    } else {
      creates.push({ key, url: '/api/markers', body: { ...nextSpot(), label: key } });
    }
  }
  return creates;
}

const send = (create: KeyedCreate) =>
  post(create.url, create.body, { 'idempotency-key': create.key });

/** Until a create is asleep in the store of its answer. */
async function untilStoring(): Promise<void> {
  if (postgres) {
    await withAdmin(postgres.url, async (c) => {
      const asleep = `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event = 'PgSleep'`;
      while ((await c.query<{ n: number }>(asleep)).rows[0]!.n === 0) await sleep(20);
    });
    return;
  }
  // PGlite sleeps in the server's own thread: the server stops answering.
  for (;;) {
    const answered = request(server.port, { path: '/healthz' }).then(
      () => true,
      () => false,
    );
    if (!(await Promise.race([answered, sleep(FROZEN_MS).then(() => false)]))) return;
    await sleep(20);
  }
}

/** The records a create made: discoveries of its photo, or the player's markers of its label. */
async function recordsOf(db: Db, playerId: string, create: KeyedCreate): Promise<number> {
  const where = create.body.imageUrl
    ? eq(discoveries.imageUrl, create.body.imageUrl)
    : and(eq(markers.userId, playerId), eq(markers.label, create.key));
  const table = create.body.imageUrl ? discoveries : markers;
  return (await db.select({ n: count() }).from(table).where(where))[0]!.n;
}

const playerRow = async (db: Db) =>
  (await db.select().from(users).where(eq(users.username, PLAYER)))[0]!;
const awardOf = (res: Response) => res.json<{ tokensAwarded?: number }>().tokensAwarded ?? 0;

describe('kill -9 in the middle of keyed creates', { tags: ['concurrency'] }, () => {
  it(`${ROUNDS} kills: no create outlives a lost answer, and each replayed key pays once`, async () => {
    await start();
    const signUp = await post('/api/signup', { username: PLAYER, password: 'a long phrase' });
    expect(signUp.status, signUp.text).toBe(200);
    cookie = `ss_session=${signUp.cookie('ss_session')}`;
    const me = await request(server.port, { path: '/api/auth/user', cookie });
    const tokensAtStart = me.json<{ tokens: number }>().tokens;
    const all: KeyedCreate[] = [];

    for (let round = 1; round <= ROUNDS; round++) {
      const answered = await prepare(`crash-${round}-answered`, ANSWERED);
      for (const create of answered) {
        create.answer = await send(create);
        expect(create.answer.status, create.answer.text).toBe(201);
      }
      const inFlight = await prepare(`crash-${round}-in-flight`, IN_FLIGHT);
      const sent = inFlight.map((create) => send(create).catch(() => null));
      await untilStoring();
      server.child.kill('SIGKILL');
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect((await Promise.all(sent)).every((res) => res === null)).toBe(true);

      await withDatabase(async (db) => {
        const player = await playerRow(db);
        const paid = [...answered, ...all].reduce((sum, c) => sum + awardOf(c.answer!), 0);
        expect(player.tokens).toBe(tokensAtStart + paid);
        for (const create of inFlight) {
          expect(await recordsOf(db, player.id, create), create.key).toBe(0);
        }
        const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
        expect(keys.map((k) => k.key).sort()).toEqual(
          [...all, ...answered].map((c) => c.key).sort(),
        );
        await arm(db, round + 1);
      });
      await start();

      for (const create of answered) {
        const replay = await send(create);
        expect(replay.status).toBe(201);
        expect(replay.text).toBe(create.answer!.text);
        expect(replay.headers['idempotent-replayed']).toBe('true');
      }
      for (const create of inFlight) {
        create.answer = await send(create);
        expect(create.answer.status, create.answer.text).toBe(201);
        expect(create.answer.headers['idempotent-replayed']).toBeUndefined();
        const again = await send(create);
        expect(again.text).toBe(create.answer.text);
        expect(again.headers['idempotent-replayed']).toBe('true');
      }
      all.push(...answered, ...inFlight);
    }
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    await withDatabase(async (db) => {
      const player = await playerRow(db);
      for (const create of all) expect(await recordsOf(db, player.id, create), create.key).toBe(1);
      const awards = all.map((c) => awardOf(c.answer!));
      expect(awards.filter((award) => award > 0)).toHaveLength(all.length / 2);
      expect(player.tokens).toBe(tokensAtStart + awards.reduce((a, b) => a + b, 0));
    });
  }, 240_000);
});
