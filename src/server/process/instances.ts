import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { appInstances } from '../db/schema.ts';

/**
 * Several app processes on one DATABASE_URL serve each other's records, so they must also see
 * each other's photos: one S3 bucket, or one directory on one host. Each process registers
 * where it keeps photos in `app_instances` and refuses to start when a live process keeps them
 * elsewhere (docs/decisions/016-one-photo-store-per-database.md).
 */

/** How often a running process says it is still alive. */
export const HEARTBEAT_MS = 30_000;
/** A row not refreshed for this long was left by a process that died without a clean stop. */
export const STALE_AFTER_SECONDS = 90;
/** Any fixed number: two processes starting at the same instant register one after the other. */
const REGISTRATION_LOCK = 7_405_200_102;

/** The operator's to fix: main prints the message alone. */
export class PhotoStoreConflictError extends Error {}

/** Where this process keeps photos, in a form equal for processes that share them. */
export function photoStoreOf(config: Pick<Config, 's3' | 'dataDir'>, host = os.hostname()) {
  const s3 = config.s3;
  if (s3) return `s3:${s3.endpoint ? new URL(s3.endpoint).origin : 'aws'}/${s3.bucket}`;
  return `local:${path.join(config.dataDir, 'objects')}@${host}`;
}

export interface Registration {
  id: string;
  /** Stops the heartbeat and removes the row (clean shutdown). */
  stop(): Promise<void>;
}

function conflictMessage(other: { storage: string; host: string; pid: number }, mine: string) {
  return [
    'This process would not see the photos of the others on this database, so it will not start.',
    `Another StreetScope process (pid ${other.pid} on ${other.host}) keeps photos in ${other.storage};`,
    `this one would keep them in ${mine}. Photos uploaded through one would be missing (404) on the other.`,
    'Fix: give every process the same S3_* bucket (needed for several hosts), or run them on one host with the same DATA_DIR.',
    `A process killed without a clean stop stops counting ${STALE_AFTER_SECONDS} seconds after its last heartbeat.`,
  ].join('\n');
}

export async function registerInstance(
  db: Db,
  storage: string,
  options: { heartbeatMs?: number; onHeartbeatError?: (err: Error) => void } = {},
): Promise<Registration> {
  const row = {
    id: randomBytes(12).toString('hex'),
    storage,
    host: os.hostname(),
    pid: process.pid,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK}::bigint)`);
    await tx
      .delete(appInstances)
      .where(
        lt(appInstances.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`),
      );
    const [other] = await tx
      .select()
      .from(appInstances)
      .where(ne(appInstances.storage, storage))
      .limit(1);
    if (other) throw new PhotoStoreConflictError(conflictMessage(other, storage));
    await tx.insert(appInstances).values(row);
  });

  // An upsert: a process paused past the stale limit (and pruned) comes back into view.
  let beating = Promise.resolve();
  const beat = () => {
    beating = db
      .insert(appInstances)
      .values(row)
      .onConflictDoUpdate({ target: appInstances.id, set: { heartbeatAt: sql`now()` } })
      .then(
        () => {},
        (err: Error) => options.onHeartbeatError?.(err),
      );
  };
  const timer = setInterval(beat, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    id: row.id,
    stop: async () => {
      clearInterval(timer);
      await beating; // so a late heartbeat cannot bring the row back after the delete
      // With the database gone the row simply goes stale; shutdown goes on.
      await db
        .delete(appInstances)
        .where(eq(appInstances.id, row.id))
        .catch(() => {});
    },
  };
}
