import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config } from '../src/server/config/config.ts';
import { openDatabase, type Database, type Db } from '../src/server/db/client.ts';
import type { UploadPurpose, UploadTicket } from '../src/core/schemas/objects.ts';
import { uniquePhoto } from './images.ts';
import { adminUrl, freshDatabaseName, withAdmin } from './test-database.ts';

/**
 * A database of its own on the TEST_DATABASE_URL server, cloned from the migrated template:
 * its URL, and `drop` to remove it.
 */
export async function createPostgresDatabase(
  url: string,
  seeded = false,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = freshDatabaseName(inject('postgresRunPrefix'));
  const template = inject(seeded ? 'postgresSeededTemplate' : 'postgresTemplate');
  await withAdmin(url, (c) => c.query(`create database ${name} template ${template}`));
  return {
    url: adminUrl(url, name),
    drop: () =>
      withAdmin(url, async (c) => {
        // Let closed pools' backends finish exiting before the drop, so none is killed.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * A fresh, migrated database of its own: PGlite by default, Postgres with TEST_DATABASE_URL.
 * `seeded`: as `seedDatabase` leaves it, seeded once for the whole run (test/global-setup.ts).
 */
export async function openTestDatabase({ seeded = false } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const created = await createPostgresDatabase(url, seeded);
    const database = await openDatabase({ kind: 'postgres', url: created.url });
    return {
      ...database,
      close: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  const snapshot = readFileSync(inject(seeded ? 'pgliteSeededSnapshot' : 'pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ kind: 'pglite-instance', client });
}

/** A limit no test reaches, for files that sign up or write a lot from one address. */
export const NO_LIMIT = { limit: 1_000_000, windowSeconds: 3600 };

/** Scrypt at 2^10 keeps the suite fast; production uses 2^17 (see src/server/config/config.ts). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' }),
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'streetscope-data-')),
    passwordHashCost: { logN: 10, r: 8, p: 1 },
    rateLimits: DEFAULT_RATE_LIMITS,
    // Tests send "near you" notices by calling the sweep, never on a timer.
    nearYouSweepMs: null,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Config>;
    /** Rate-limit rules to change; the others keep their defaults. */
    limits?: Partial<Config['rateLimits']>;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ seeded: options.seed ?? true });
  const config = testConfig({
    ...options.config,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.config?.rateLimits, ...options.limits },
  });
  const app = await buildApp(config, database);
  // Tests write to the database behind the app's back, as another process would, and read at
  // once; a real client's next request comes after the change notification. So each injected
  // request first waits until this process has heard every earlier write
  // (test/sessions-across-processes.test.ts holds processes to the real bound instead).
  const inject = app.inject.bind(app);
  app.inject = (async (opts: InjectOptions) => {
    await app.changeFeed.settle();
    return inject(opts);
  }) as typeof app.inject;
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Rate limits off, for files that sign up many players and upload a lot from one address. */
export const UNLIMITED = {
  signUpPerIp: NO_LIMIT,
  writesPerUser: NO_LIMIT,
  uploadsPerUser: NO_LIMIT,
} as const;

/** An unseeded app without rate limits for a test file's tests, closed after them. */
export function useUnlimitedApp(): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, limits: UNLIMITED });
  });
  afterAll(() => t?.close());
  return () => t!;
}

let counter = 0;

export interface Player {
  id: string;
  username: string;
  cookie: string;
  /** A request as this player; `body` objects are sent as JSON. */
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Signs a new player up through the real sign-up route and returns their session. */
export async function signUp(app: FastifyInstance, username?: string): Promise<Player> {
  const name = username ?? `player_${process.pid}_${++counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { username: name, password: 'spray-paint-rules-42' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.cookies.find((c) => c.name === 'ss_session');
  if (!setCookie) throw new Error('sign-up set no session cookie');
  const cookie = `ss_session=${setCookie.value}`;
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const user = me.json<{ id: string }>();
  return {
    id: user.id,
    username: name,
    cookie,
    request: (opts) => app.inject({ ...opts, headers: { ...opts.headers, cookie } }),
  };
}

/**
 * PUTs bytes to an upload URL as a browser would: the app's own route (local storage), or a
 * presigned URL of the S3-compatible server over real HTTP.
 */
export async function putBytes(
  player: Player,
  uploadURL: string,
  body: Buffer,
  type = 'image/png',
): Promise<{ statusCode: number; body: string }> {
  if (uploadURL.startsWith('/')) {
    const res = await player.request({
      method: 'PUT',
      url: uploadURL,
      payload: body,
      headers: { 'content-type': type },
    });
    return { statusCode: res.statusCode, body: res.body };
  }
  const res = await fetch(uploadURL, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': type },
  });
  return { statusCode: res.status, body: await res.text() };
}

/**
 * Uploads a real photo through the whole flow (upload URL, PUT, completion) and returns its
 * object URL. Each call's default photo is unique, so the duplicate check never trips.
 */
export async function uploadPhoto(
  player: Player,
  purpose: UploadPurpose = 'discovery',
  body: Buffer = uniquePhoto(),
): Promise<string> {
  const ticket = await player.request({
    method: 'POST',
    url: '/api/objects/upload',
    payload: { purpose },
  });
  if (ticket.statusCode !== 200)
    throw new Error(`upload URL refused: ${ticket.statusCode} ${ticket.body}`);
  const { uploadURL, completeURL, objectURL } = ticket.json<UploadTicket>();
  const put = await putBytes(player, uploadURL, body);
  if (put.statusCode !== 200) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  const done = await player.request({ method: 'POST', url: completeURL });
  if (done.statusCode !== 200)
    throw new Error(`processing refused: ${done.statusCode} ${done.body}`);
  return objectURL;
}

export interface Spot {
  latitude: number;
  longitude: number;
}

/** A new artwork: the player uploads a photo and documents it at `at`; returns its id. */
export async function pinArtwork(
  player: Player,
  at: Spot,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const imageUrl = await uploadPhoto(player);
  const res = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Koala', ...at, imageUrl, ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`pin refused: ${res.statusCode} ${res.body}`);
  const { artworkId } = res.json<{ artworkId: string | null }>();
  if (!artworkId) throw new Error('the discovery made no artwork');
  return artworkId;
}

/** The player logs a find of an artwork with a photo of their own, standing at `at`. */
export async function findArtwork(player: Player, artworkId: string, at: Spot): Promise<void> {
  const imageUrl = await uploadPhoto(player);
  const res = await player.request({
    method: 'POST',
    url: `/api/artworks/${artworkId}/logs`,
    payload: { kind: 'found', ...at, imageUrl },
  });
  if (res.statusCode !== 201) throw new Error(`find refused: ${res.statusCode} ${res.body}`);
}

/**
 * Two new players and one artwork: the pinner documented it (a first find), the finder logged
 * it a few metres away afterwards (a find, not a first one).
 */
export async function pinnerAndFinder(
  app: FastifyInstance,
  at: Spot = { latitude: -27.47, longitude: 153.02 },
): Promise<{ pinner: Player; finder: Player; artworkId: string }> {
  const pinner = await signUp(app);
  const finder = await signUp(app);
  const artworkId = await pinArtwork(pinner, at);
  await findArtwork(finder, artworkId, { latitude: at.latitude + 0.0001, longitude: at.longitude });
  return { pinner, finder, artworkId };
}
