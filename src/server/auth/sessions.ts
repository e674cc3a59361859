import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';

/** One-shot SHA-256 (no hash object per call: it runs on every signed-in request). */
export const hashSessionId = (id: string) => hash('sha256', id, 'base64url');

/** 256 random bits; only its hash is stored. */
export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return id;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

export async function pruneExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export type SessionUser = typeof users.$inferSelect & {
  subscriptionStatus: string | null;
  proPeriodEnd: Date | null;
};

/** The columns of a SessionUser: the account and its subscription's Pro status. */
export const sessionUserColumns = {
  user: users,
  subscriptionStatus: subscriptions.status,
  proPeriodEnd: subscriptions.currentPeriodEnd,
};

export function toSessionUser(row: {
  user: typeof users.$inferSelect;
  subscriptionStatus: string | null;
  proPeriodEnd: Date | null;
}): SessionUser {
  return {
    ...row.user,
    subscriptionStatus: row.subscriptionStatus,
    proPeriodEnd: row.proPeriodEnd,
  };
}

/** The unexpired session with this id hash: its player and when it expires. */
export async function findSession(
  db: Db,
  idHash: string,
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({ ...sessionUserColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { user: toSessionUser(row), expiresAt: row.expiresAt } : null;
}
