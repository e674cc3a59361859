import { hash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { sessions } from '../db/sign-in-schema.ts';
import { subscriptions } from '../db/payments-schema.ts';

/** One-shot SHA-256 (no hash object per call: it runs on every signed-in request). */
export const hashSessionId = (id: string) => hash('sha256', id, 'base64url');

/** What the sessions list shows of where a session was started. */
export interface SessionPlace {
  device: string | null;
  country: string | null;
}

/** 256 random bits; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  ttlMs: number,
  place: SessionPlace,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    ...place,
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

/** The unexpired session with this id hash: its player, when it expires and was last seen. */
export async function findSession(
  db: Db,
  idHash: string,
): Promise<{ user: SessionUser; expiresAt: Date; lastSeenAt: Date } | null> {
  const [row] = await db
    .select({
      ...sessionUserColumns,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row
    ? { user: toSessionUser(row), expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt }
    : null;
}

/** A session (by id hash) seen at a time, from a country when the request told one. */
export interface SeenMark {
  idHash: string;
  at: Date;
  country: string | null;
}

/**
 * Moves last seen forward for each session unless another request (on any process) already did
 * within stepMs: at most one write per session per step, however many processes. One statement
 * for all of them. The country follows the latest request that had one.
 */
export async function markSessionsSeen(db: Db, marks: SeenMark[], stepMs: number): Promise<void> {
  if (marks.length === 0) return;
  const rows = marks.map(
    ({ idHash, at, country }) =>
      sql`(${idHash}::text, ${country}::text, ${at.toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    update ${sessions}
    set last_seen_at = seen.at, country = coalesce(seen.country, ${sessions.country})
    from (values ${sql.join(rows, sql`, `)}) as seen (id_hash, country, at)
    where ${sessions.idHash} = seen.id_hash
      and ${sessions.lastSeenAt} < seen.at - make_interval(secs => ${stepMs / 1000})`);
}

/** The player's unexpired sessions, most recently seen first; `current` is the asking one. */
export async function listSessions(db: Db, userId: string, currentIdHash: string | null) {
  const rows = await db
    .select({
      id: sessions.publicId,
      idHash: sessions.idHash,
      device: sessions.device,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map(({ idHash, ...row }) => ({ ...row, current: idHash === currentIdHash }));
}

/** Ends one of the player's sessions by its public id: its id hash, null when not theirs. */
export async function endSession(db: Db, userId: string, publicId: string) {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ idHash: sessions.idHash });
  return ended?.idHash ?? null;
}

/** Ends every session of the player but the one kept (none when keepIdHash is null). */
export async function endOtherSessions(
  db: Db | Tx,
  userId: string,
  keepIdHash: string | null,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))
        : eq(sessions.userId, userId),
    )
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
