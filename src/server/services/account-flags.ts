import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FlaggedAccount } from '../../core/schemas/moderation.ts';
import { suspendedAccountsSeenFrom } from '../auth/sign-in-hosts.ts';
import type { Db, Tx } from '../db/client.ts';
import { accountFlags } from '../db/moderation-schema.ts';
import { users } from '../db/schema.ts';

/**
 * New accounts staff should look at (docs/decisions/026): one made from a host a suspended
 * account signed in from lately is flagged, not refused, since a shared network (a school, a
 * carrier) puts strangers behind one host.
 */

/** At most this many flags are listed, oldest first. */
const QUEUE_SIZE = 100;

/** Right after an account is made from `ip`: flags it once per suspended account seen there. */
export async function flagIfFromSuspendedHost(db: Db, userId: string, ip: string): Promise<void> {
  const suspended = await suspendedAccountsSeenFrom(db, ip, userId);
  if (suspended.length === 0) return;
  await db.insert(accountFlags).values(
    suspended.map((relatedUserId) => ({
      id: randomUUID(),
      userId,
      reason: 'suspended_host' as const,
      relatedUserId,
    })),
  );
}

/** Closes the account's open flags (staff cleared or suspended it); how many were open. */
export async function resolveAccountFlags(tx: Tx, userId: string): Promise<number> {
  const resolved = await tx
    .update(accountFlags)
    .set({ resolvedAt: new Date() })
    .where(and(eq(accountFlags.userId, userId), isNull(accountFlags.resolvedAt)))
    .returning({ id: accountFlags.id });
  return resolved.length;
}

/** Open flags grouped by account, the oldest first. */
export async function flaggedAccounts(db: Db): Promise<FlaggedAccount[]> {
  const related = alias(users, 'related');
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      createdAt: users.createdAt,
      reason: accountFlags.reason,
      relatedId: related.id,
      relatedName: related.username,
      suspendedUntil: related.suspendedUntil,
    })
    .from(accountFlags)
    .innerJoin(users, eq(users.id, accountFlags.userId))
    .leftJoin(related, eq(related.id, accountFlags.relatedUserId))
    .where(isNull(accountFlags.resolvedAt))
    .orderBy(asc(accountFlags.createdAt), asc(accountFlags.id))
    .limit(QUEUE_SIZE);
  const byUser = new Map<string, FlaggedAccount>();
  const now = new Date();
  for (const row of rows) {
    const account = byUser.get(row.userId) ?? {
      userId: row.userId,
      username: row.username,
      createdAt: row.createdAt.toISOString(),
      reason: row.reason,
      related: [],
    };
    byUser.set(row.userId, account);
    // A related account deleted since (once its suspension ended) leaves the flag nameless.
    if (row.relatedId && row.relatedName) {
      account.related.push({
        id: row.relatedId,
        username: row.relatedName,
        suspendedUntil:
          row.suspendedUntil && row.suspendedUntil > now ? row.suspendedUntil.toISOString() : null,
      });
    }
  }
  return [...byUser.values()];
}
