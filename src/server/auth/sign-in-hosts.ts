import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { SUSPENDED_HOST_DAYS } from '../../core/account-flags.ts';
import { clientHost } from '../../core/client-host.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { installSecrets, signInHosts } from '../db/sign-in-schema.ts';

/**
 * Which hosts (src/core/client-host.ts) accounts signed in from lately, so a new account made
 * from a suspended player's host can be flagged (docs/decisions/026). A host is kept only as an
 * HMAC under a random key the installation makes once: the table lists no addresses, and
 * matching needs only equality.
 */

const KEY_NAME = 'sign-in-host-key';
const DAY_MS = 86_400_000;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The installation's key: the first process to ask makes it, every other one reads that. */
function hostSecret(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(installSecrets)
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: installSecrets.value })
        .from(installSecrets)
        .where(eq(installSecrets.name, KEY_NAME));
      return Buffer.from(row!.value, 'base64url');
    })();
    // A failed read is tried again next time rather than remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

async function hostKey(db: Db, ip: string): Promise<string> {
  return createHmac('sha256', await hostSecret(db))
    .update(clientHost(ip))
    .digest('base64url');
}

const recent = () => new Date(Date.now() - SUSPENDED_HOST_DAYS * DAY_MS);

/** After a sign-in or sign-up: the account was seen from this host now. */
export async function recordSignInHost(db: Db, userId: string, ip: string): Promise<void> {
  const now = new Date();
  await db
    .insert(signInHosts)
    .values({ hostKey: await hostKey(db, ip), userId, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [signInHosts.hostKey, signInHosts.userId],
      set: { lastSeenAt: now },
    });
}

/** Accounts other than `userId`, suspended now, that signed in from this host lately. */
export async function suspendedAccountsSeenFrom(
  db: Db,
  ip: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(signInHosts)
    .innerJoin(users, eq(users.id, signInHosts.userId))
    .where(
      and(
        eq(signInHosts.hostKey, await hostKey(db, ip)),
        gt(signInHosts.lastSeenAt, recent()),
        ne(users.id, userId),
        sql`${users.suspendedUntil} > now()`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Forgets hosts not seen for SUSPENDED_HOST_DAYS: nothing compares with them any more. */
export async function pruneSignInHosts(db: Db): Promise<void> {
  await db.delete(signInHosts).where(lt(signInHosts.lastSeenAt, recent()));
}
