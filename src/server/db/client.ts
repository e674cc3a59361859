import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  listenPglite,
  listenPostgres,
  type NotificationHandlers,
  type Unlisten,
} from './notifications.ts';
import { timePglite, timePostgres } from './query-metrics.ts';
import * as communitySchema from './community-schema.ts';
import * as mapSchema from './map-schema.ts';
import * as moderationSchema from './moderation-schema.ts';
import * as oidcSchema from './oidc-schema.ts';
import * as passkeysSchema from './passkeys-schema.ts';
import * as paymentsSchema from './payments-schema.ts';
import * as gameSchema from './schema.ts';
import * as signInSchema from './sign-in-schema.ts';

const schema = {
  ...gameSchema,
  ...signInSchema,
  ...communitySchema,
  ...paymentsSchema,
  ...moderationSchema,
  ...mapSchema,
  ...oidcSchema,
  ...passkeysSchema,
};

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Hears NOTIFY on the channels (the change triggers of migration 0012). */
  listen(channels: string[], handlers: NotificationHandlers): Promise<Unlisten>;
  close(): Promise<void>;
  /** The embedded database's own client (unset on Postgres): backups dump it. */
  pglite?: PGlite;
}

/** The committed SQL migrations; the same path from src/ and from dist/. */
export const MIGRATIONS_DIR = fileURLToPath(
  new URL('../../../src/server/db/migrations', import.meta.url),
);

/**
 * The embedded database's settings (docs/decisions/050): one process, one connection. Its
 * shared buffers live in WebAssembly memory, which never shrinks; the files it reads stay in
 * the operating system's cache besides.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB'],
  ...['-c', 'max_connections=4'],
  ...['-c', 'wal_buffers=1MB'],
];

export type DatabaseSource =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** An idle connection failed (server restart, failover); the pool replaces it. */
      onIdleError?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; client: PGlite };

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: source.poolSize ?? 10 });
    // Without a listener, an idle connection dropped by the server would crash the process.
    pool.on('error', (err) => source.onIdleError?.(err));
    timePostgres(pool);
    const db = joiningHeldTransactions(drizzleNodePg({ client: pool, schema }) as unknown as Db);
    await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      listen: (channels, handlers) => listenPostgres(source.url, channels, handlers),
      close: () => endPool(pool),
    };
  }
  let client: PGlite;
  if (source.kind === 'pglite') {
    mkdirSync(path.dirname(source.dataDir), { recursive: true });
    client = await PGlite.create(source.dataDir, { startParams: PGLITE_START_PARAMS });
  } else {
    client = source.client;
  }
  timePglite(client);
  const db = joiningHeldTransactions(drizzlePglite({ client, schema }) as unknown as Db);
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: (channels, handlers) => listenPglite(client, channels, handlers),
    close: () => client.close(),
    pglite: client,
  };
}

/** The transaction held by the async context asking, if any, and the `db` it was begun on. */
const heldHere = new AsyncLocalStorage<{ db: Db; tx: Tx | null }>();

/**
 * The app's `db`: inside the async context of a held transaction every query joins it, and
 * `transaction` opens a savepoint in it; anywhere else it is the database itself. So services
 * run unchanged inside a keyed create's one transaction (docs/decisions/031).
 */
function joiningHeldTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const held = heldHere.getStore();
      // Another database open in this process (a test's second app) is not joined.
      const self = held?.tx && held.db === receiver ? held.tx : target;
      const value: unknown = Reflect.get(self, prop, self);
      return typeof value === 'function' ? value.bind(self) : value;
    },
  });
}

/** A transaction held open across steps that are not one callback: a request's hooks. */
export interface HeldTransaction {
  tx: Tx;
  /** Runs `fn`, and everything it starts, with the app's `db` joining this transaction. */
  enter(fn: () => void): void;
  /** Runs `last` in the transaction, then commits; if `last` fails, rolls back and throws. */
  commit(last: (tx: Tx) => Promise<void>): Promise<void>;
  rollback(): Promise<void>;
}

const ROLLBACK = Symbol('rollback');

/**
 * Begins a transaction on `db` (openDatabase's) and holds it until `commit` or `rollback`. It
 * holds its connection (on PGlite, the database) the whole time: whatever `enter` runs must not
 * wait for a query of another context. After either end, `db` in the entered context is the
 * database again.
 */
export async function holdTransaction(db: Db): Promise<HeldTransaction> {
  let opened!: (tx: Tx) => void;
  const open = new Promise<Tx>((resolve) => (opened = resolve));
  let decide!: (last: ((tx: Tx) => Promise<void>) | typeof ROLLBACK) => void;
  const decided = new Promise<((tx: Tx) => Promise<void>) | typeof ROLLBACK>(
    (resolve) => (decide = resolve),
  );
  const ended = db
    .transaction(async (tx) => {
      opened(tx);
      const last = await decided;
      if (last === ROLLBACK) throw ROLLBACK;
      await last(tx);
    })
    .catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  const tx = await Promise.race([
    open,
    ended.then(() => {
      throw new Error('the transaction ended before it began');
    }),
  ]);
  const store: { db: Db; tx: Tx | null } = { db, tx };
  const end = (last: ((tx: Tx) => Promise<void>) | typeof ROLLBACK) => {
    store.tx = null;
    decide(last);
    return ended;
  };
  return {
    tx,
    enter: (fn) => heldHere.run(store, fn),
    commit: (last) => end(last),
    rollback: () => end(ROLLBACK),
  };
}

/**
 * Ends the pool and waits until every connection is closed: `pool.end()` resolves as soon as it
 * has asked them to close, and a database dropped or a server stopped before they have would
 * kill them mid-goodbye, an error with nobody left to hear it.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Raw `db.execute` results: both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * True when `err` (or the driver error Drizzle wrapped in it) is a unique violation of the
 * named index: the database refused a second row that a rule allows only once.
 */
export function isUniqueViolation(err: unknown, index: string): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint === index;
  }
  return false;
}
