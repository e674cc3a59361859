import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { DataDirLockedError, lockDataDir } from './process/data-dir-lock.ts';
import { openDatabase, type Database } from './db/client.ts';
import { prepareDataDir, seededCopyCompleted } from './db/data-dir-template.ts';
import { seedDatabase, seedTemplateCopy } from './db/seed.ts';
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
import { startBackups } from './backup/in-app.ts';
import { startTracing, stopTracing } from './observability/tracing.ts';

/** In-flight requests get this long after SIGTERM/SIGINT before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  const config = loadConfig();
  await startTracing();
  // Only the embedded database needs the lock; Postgres handles many app processes itself.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | null = null;
  let instance: Registration | null = null;
  let app: FastifyInstance | null = null;
  const pgliteDir = path.join(config.dataDir, 'db');
  try {
    // A new embedded database is made without initdb in this process, and seeded by the build
    // but for its dated rows (docs/decisions/050).
    const prepared = config.databaseUrl ? 'existing' : await prepareDataDir(pgliteDir, config.seed);
    database = await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
          }
        : { kind: 'pglite', dataDir: pgliteDir },
    );
    // Several processes share one Postgres; they must share one photo store too.
    if (config.databaseUrl) {
      instance = await registerInstance(database.db, photoStoreOf(config), {
        onHeartbeatError: (err) => console.warn(`instance heartbeat failed: ${err.message}`),
      });
    }
    if (prepared === 'seeded') {
      await seedTemplateCopy(database.db);
      seededCopyCompleted(pgliteDir);
    } else if (config.seed) await seedDatabase(database.db);
    await pruneExpiredSessions(database.db);
    await pruneRateLimits(database.db);
    await pruneDevices(database.db);
    await pruneSignInHosts(database.db);
    await pruneIdempotencyKeys(database.db);

    const db = database;
    app = await buildApp(config, db);
    const stopBackups = await startBackups(config, db, app.log);
    const running = app;
    // The database closes after the app: onClose hooks run last-added first, and the app's own
    // (queued pushes, last-seen marks) still write.
    handleSignals(app, async () => {
      await running.close();
      await stopBackups();
      await instance?.stop();
      await db.close();
      unlock();
      await stopTracing();
    });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`StreetScope is up at ${config.publicUrl} (${db.kind})`);
  } catch (err) {
    // Start-up failed (port in use, bad migration, ...): close what is open so the embedded
    // database is shut down cleanly and the DATA_DIR lock is released.
    try {
      await app?.close();
      await instance?.stop();
      await database?.close();
    } catch {
      // already failing; report the original error
    }
    unlock();
    throw err;
  }
}

function handleSignals(app: FastifyInstance, close: () => Promise<void>) {
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
    close().then(
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
