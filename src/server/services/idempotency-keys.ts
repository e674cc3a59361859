import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

/** How long a key and its answer are kept. */
export const KEY_TTL_MS = 24 * 3_600_000;
/**
 * A claim still running after this long belongs to a process that died mid-request: the next
 * repeat takes it over (docs/decisions/031). Far longer than any create takes.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type KeyState =
  | { kind: 'claimed'; claim: string }
  | { kind: 'other-request' }
  | { kind: 'running' }
  | { kind: 'done'; answer: StoredAnswer };

const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/**
 * Claims the key for this request, or says who has it. The insert is the claim: the primary key
 * lets one of any number of simultaneous requests in. An expired row, or a claim whose run
 * outlived its lease, is taken over by the same statement (the row lock lets only one do so).
 */
export async function claimKey(
  db: Db,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<KeyState> {
  const claim = randomUUID();
  const t = idempotencyKeys;
  const [claimed] = await db
    .insert(t)
    .values({ userId, key, fingerprint, claim })
    .onConflictDoUpdate({
      target: [t.userId, t.key],
      set: {
        fingerprint,
        claim,
        state: 'running',
        status: null,
        headers: null,
        body: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${t.createdAt} < ${ago(KEY_TTL_MS)}
        or (${t.state} = 'running' and ${t.createdAt} < ${ago(CLAIM_LEASE_MS)})`,
    })
    .returning({ claim: t.claim });
  if (claimed) return { kind: 'claimed', claim };

  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.key, key)));
  // Released between the two statements: the caller asks again.
  if (!row) return { kind: 'running' };
  if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
  if (row.state === 'running' || row.status === null || row.body === null) {
    return { kind: 'running' };
  }
  return {
    kind: 'done',
    answer: { status: row.status, headers: row.headers ?? {}, body: row.body },
  };
}

/** Keeps the answer the claim's request got; a claim that was taken over keeps nothing. */
export async function storeAnswer(
  db: Db,
  userId: string,
  key: string,
  claim: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', ...answer })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.claim, claim),
      ),
    );
}

/** Gives the key back: the request's answer is not one to repeat, so a retry runs again. */
export async function releaseKey(
  db: Db,
  userId: string,
  key: string,
  claim: string,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.claim, claim),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}

/** Removes keys past their 24 hours (an expired key is free again either way). */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago(KEY_TTL_MS)));
}
