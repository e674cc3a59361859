import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

/** How long a key and its answer are kept. */
export const KEY_TTL_MS = 24 * 3_600_000;
/**
 * A `running` row committed by a process of an earlier release (which claimed in a transaction
 * of its own) and still there after this long was left by a request that died: the next repeat
 * takes it over (docs/decisions/031). Far longer than any create takes.
 */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** The first half of the advisory lock of a key; the second is a hash of player and key. */
const KEY_LOCKS = 31;

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
 * Claims the key for the request whose transaction `tx` is, or says who has it. The claim lives
 * and dies with that transaction: the request's create and its answer commit with it, or none
 * of them does. A key held by another live transaction is refused at once by its advisory lock,
 * so a repeat polls rather than holding a connection while it waits; the primary key still lets
 * only one insert in. An expired row, or a `running` row past its lease, is taken over.
 */
export async function claimKey(
  tx: Tx,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<KeyState> {
  const [lock] = rowsOf<{ held: boolean }>(
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(${KEY_LOCKS}, hashtext(${`${userId} ${key}`})) as held`,
    ),
  );
  if (!lock?.held) return { kind: 'running' };

  const claim = randomUUID();
  const t = idempotencyKeys;
  const [claimed] = await tx
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

  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.key, key)));
  // Pruned between the two statements: the caller asks again.
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

/** Keeps the answer the claim's request got, in the transaction that holds the claim. */
export async function storeAnswer(
  tx: Tx,
  userId: string,
  key: string,
  claim: string,
  answer: StoredAnswer,
): Promise<void> {
  await tx
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
  tx: Tx,
  userId: string,
  key: string,
  claim: string,
): Promise<void> {
  await tx
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
