import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { artists } from '../src/server/db/community-schema.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';
import { createPostgresDatabase, signUp, testConfig, type Player } from './app.ts';
import { adminUrl, withAdmin } from './test-database.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';
import { signInAgain } from './sign-in.ts';
import type { Session } from '../src/core/schemas/account.ts';

/**
 * Two app processes on one Postgres database, each with its own connections and memory
 * (docs/decisions/028): what one process changes, the other stops answering from memory within
 * the documented bound. On the suite's Postgres server (TEST_DATABASE_URL), or in the embedded
 * pass on a throwaway cluster (one PGlite data directory has one process).
 */
let throwaway: { url: string; stop(): void } | null = null;
let dropDatabase: () => Promise<void> = async () => {};
const processes: { app: FastifyInstance; database: Database; dataDir: string }[] = [];
let first: FastifyInstance;
let second: FastifyInstance;

async function freshDatabase(): Promise<string> {
  if (!throwaway) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    dropDatabase = created.drop;
    return created.url;
  }
  const server = throwaway.url;
  const name = `sessions_${Date.now()}`;
  await withAdmin(server, (c) => c.query(`create database ${name}`));
  return adminUrl(server, name);
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throwaway = await startThrowawayPostgres();
  const url = await freshDatabase();
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    const config = testConfig();
    const app = await buildApp(config, database);
    await app.ready();
    processes.push({ app, database, dataDir: config.dataDir });
  }
  [first, second] = processes.map((p) => p.app) as [FastifyInstance, FastifyInstance];
});

afterAll(async () => {
  for (const { app, database, dataDir } of processes) {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await dropDatabase();
  throwaway?.stop();
});

const asPlayerOn = (app: FastifyInstance, player: Player, url: string, method = 'GET') =>
  app.inject({ method: method as 'GET', url, headers: { cookie: player.cookie } });

/** The answer once `done` holds, asked again and again for at most the documented bound. */
async function within(
  boundMs: number,
  ask: () => Promise<LightMyRequestResponse>,
  done: (res: LightMyRequestResponse) => boolean,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const res = await ask();
    if (done(res) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const bound = () => first.config.sessionCacheMs;

it('refuses a session on one process within the bound once it ended on the other', async () => {
  const player = await signUp(first);
  const onSecond = () => asPlayerOn(second, player, '/api/artists');
  expect((await onSecond()).statusCode).toBe(200);
  expect((await onSecond()).statusCode).toBe(200);

  expect((await asPlayerOn(first, player, '/api/logout', 'POST')).statusCode).toBe(303);
  expect((await asPlayerOn(first, player, '/api/artists')).statusCode).toBe(401);
  const refused = await within(bound(), onSecond, (res) => res.statusCode === 401);
  expect(refused.statusCode).toBe(401);
});

it('refuses a session ended from another device on the other process within the bound', async () => {
  const phone = await signUp(first);
  const laptop = await signInAgain(first, phone);
  const onSecond = () => asPlayerOn(second, phone, '/api/artists');
  expect((await onSecond()).statusCode).toBe(200);
  const sessions = await asPlayerOn(first, laptop, '/api/profile/sessions');
  const other = sessions.json<Session[]>().find((s) => !s.current)!;
  const ended = await asPlayerOn(first, laptop, `/api/profile/sessions/${other.id}`, 'DELETE');
  expect(ended.statusCode).toBe(204);
  const refused = await within(bound(), onSecond, (res) => res.statusCode === 401);
  expect(refused.statusCode).toBe(401);
  expect((await asPlayerOn(second, laptop, '/api/artists')).statusCode).toBe(200);
});

it("carries a moderator's suspension made on one process to the other's write checks", async () => {
  const player = await signUp(first);
  expect((await asPlayerOn(second, player, '/api/auth/user')).statusCode).toBe(200);
  await processes[0]!.database.db
    .update(users)
    .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, player.id));
  const write = () =>
    second.inject({
      method: 'POST',
      url: '/api/community/forum',
      headers: { cookie: player.cookie },
      payload: { title: 'Hello', content: 'Painting later?' },
    });
  const refused = await within(bound(), write, (res) => res.statusCode === 403);
  expect(refused.statusCode).toBe(403);
});

it('gives the other process a new catalogue answer within the bound after a change', async () => {
  const player = await signUp(first);
  const before = await asPlayerOn(second, player, '/api/artists');
  const etag = String(before.headers.etag);
  await processes[0]!.database.db.insert(artists).values({
    id: 'across',
    name: 'Across Town',
    city: 'Perth',
    country: 'Australia',
    activeYears: '2019–present',
    style: 'Lettering',
    achievements: [],
    source: 'test',
  });
  const ask = () =>
    second.inject({
      url: '/api/artists',
      headers: { cookie: player.cookie, 'if-none-match': etag },
    });
  const changed = await within(bound(), ask, (res) => res.statusCode === 200);
  expect(changed.statusCode).toBe(200);
  expect(changed.json<{ id: string }[]>().map((a) => a.id)).toContain('across');
});
