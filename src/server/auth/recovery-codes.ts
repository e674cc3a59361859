import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import type { PasswordHashCost } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { recoveryCodes } from '../db/sign-in-schema.ts';
import { burnPasswordCheck, hashLike, hashPassword } from './passwords.ts';

/**
 * Ten single-use codes like 7KQM-X3PD (docs/decisions/032): 8 characters from 31 that are never
 * misread (no 0/O, 1/I/L), about 40 bits each. A set shares one salt, so checking a code costs
 * one scrypt, whatever the number of codes left.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 8;

const randomCode = () =>
  Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const display = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** A typed code as stored: any case, spaces and dashes dropped; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== LENGTH) return null;
  return [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** A new set replaces the old one; the codes are returned once, only their hashes are kept. */
export async function generateRecoveryCodes(
  db: Db,
  userId: string,
  cost: PasswordHashCost,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(randomCode());
  const salt = randomBytes(16);
  const hashes = await Promise.all([...codes].map((code) => hashPassword(code, cost, salt)));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return [...codes].map(display);
}

/** How many unused codes the player has, and when the set was made (null: never). */
export async function recoveryCodeStatus(db: Db, userId: string) {
  const [row] = await db
    .select({
      remaining: sql`count(*) filter (where ${recoveryCodes.usedAt} is null)`.mapWith(Number),
      createdAt: max(recoveryCodes.createdAt),
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  return { remaining: row?.remaining ?? 0, createdAt: row?.createdAt?.toISOString() ?? null };
}

/**
 * The id of the player's unused code matching `typed`, or null. Reading is not using: the
 * caller spends it with useRecoveryCode inside its transaction.
 */
export async function findRecoveryCode(
  db: Db,
  userId: string | null,
  typed: string,
  cost: PasswordHashCost,
): Promise<string | null> {
  const [sample] = userId
    ? await db
        .select({ codeHash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, userId))
        .orderBy(asc(recoveryCodes.id))
        .limit(1)
    : [];
  const code = normalizeRecoveryCode(typed);
  const codeHash = userId && sample && code ? await hashLike(code, sample.codeHash) : null;
  if (!userId || !codeHash) {
    // The same work as a real check: no answer says whether the name or its codes exist.
    await burnPasswordCheck(typed.slice(0, 100), cost);
    return null;
  }
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    );
  return row?.id ?? null;
}

/** Marks the code used unless someone did first: the database lets exactly one caller win. */
export async function useRecoveryCode(tx: Tx, id: string): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}
