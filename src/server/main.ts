import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { DataDirLockedError, lockDataDir } from './process/data-dir-lock.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { pruneDevices } from './auth/devices.ts';
import {
  PhotoStoreConflictError,
  photoStoreOf,
  registerInstance,
  type Registration,
} from './process/instances.ts';
import { pruneExpiredSessions } from './auth/sessions.ts';
import { pruneSignInHosts } from './auth/sign-in-hosts.ts';
import { pruneIdempotencyKeys } from './services/idempotency-keys.ts';
import { pruneRateLimits } from './services/rate-limit.ts';

/** In-flight requests get this long after SIGTERM/SIGINT before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  const config = loadConfig();
  // Only the embedded database needs the lock; Postgres handles many app processes itself.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | null = null;
  let instance: Registration | null = null;
  let app: FastifyInstance | null = null;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
          }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    );
    // Several processes share one Postgres; they must share one photo store too.
    if (config.databaseUrl) {
      instance = await registerInstance(database.db, photoStoreOf(config), {
        onHeartbeatError: (err) => console.warn(`instance heartbeat failed: ${err.message}`),
      });
    }
    if (config.seed) await seedDatabase(database.db);
    await pruneExpiredSessions(database.db);
    await pruneRateLimits(database.db);
    await pruneDevices(database.db);
    await pruneSignInHosts(database.db);
    await pruneIdempotencyKeys(database.db);

    const db = database;
    app = await buildApp(config, db);
    app.addHook('onClose', async () => {
      await instance?.stop();
      await db.close();
      unlock();
    });
    handleSignals(app);
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`StreetScope is up at ${config.publicUrl} (${db.kind})`);
  } catch (err) {
    // Start-up failed (port in use, bad migration, ...): close what is open so the embedded
    // database is shut down cleanly and the DATA_DIR lock is released.
    try {
      if (app) await app.close();
      else {
        await instance?.stop();
        await database?.close();
      }
    } catch {
      // already failing; report the original error
    }
    unlock();
    throw err;
  }
}

function handleSignals(app: FastifyInstance) {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting for in-flight requests');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  // Configuration and lock problems are the operator's to fix: say what, not where in the code.
  const expected =
    err instanceof DataDirLockedError ||
    err instanceof PhotoStoreConflictError ||
    (err instanceof Error && err.message.startsWith('Invalid configuration'));
  console.error(err instanceof Error ? (expected ? err.message : (err.stack ?? err.message)) : err);
  process.exit(1);
});
