import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { pruneExpiredSessions } from './auth/sessions.ts';
import { pruneRateLimits } from './services/rate-limit.ts';

async function main() {
  const config = loadConfig();
  // Only the embedded database needs the lock; Postgres handles many app processes itself.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  if (config.seed) await seedDatabase(database.db);
  await pruneExpiredSessions(database.db);
  await pruneRateLimits(database.db);

  const app = await buildApp(config, database);
  app.addHook('onClose', async () => {
    await database.close();
    unlock();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`StreetScope is up at ${config.publicUrl} (${database.kind})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
