import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { findRecoveryCode, useRecoveryCode } from '../auth/recovery-codes.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors.ts';
import { refundRateLimit, takeRateLimit } from './rate-limit.ts';
import { findByUsername } from './users.ts';

/** PASSWORD_SIGN_IN=off: every form that takes or sets a password is refused. */
export const passwordSignInOff = () => forbidden('Password sign-in is turned off on this server.');

/**
 * The signed-in player types their password again (to delete the account, change the password,
 * make recovery codes). Wrong passwords share one small budget per account, so a session left
 * open is no password oracle. Returns the username.
 */
export async function confirmPassword(
  db: Db,
  config: Config,
  userId: string,
  password: string,
  refusal: string,
): Promise<string> {
  const account = await findAccount(db, userId);
  await checkPassword(db, config, userId, account.passwordHash, password, refusal);
  return account.username;
}

async function findAccount(db: Db, userId: string) {
  const [account] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw notFound('Player not found');
  return account;
}

/** Wrong passwords share one small budget per account. */
async function checkPassword(
  db: Db,
  config: Config,
  userId: string,
  passwordHash: string | null,
  password: string,
  refusal: string,
): Promise<void> {
  const key = `password-check:${userId}`;
  if (!(await takeRateLimit(db, key, config.rateLimits.signInPerDevice))) {
    throw tooManyRequests('Too many attempts. Please wait a few minutes and try again.');
  }
  if (!passwordHash || !(await verifyPassword(password, passwordHash))) {
    throw forbidden(refusal);
  }
  await refundRateLimit(db, key);
}

/**
 * A new password (the sign-up rules) after the current one: every other session of the
 * account ends, the asking one stays. Returns how many ended. An account without a password (made
 * through a provider or with a passkey) sets its first one without, and no session ends.
 */
export async function changePassword(
  db: Db,
  config: Config,
  userId: string,
  keepIdHash: string | null,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<number> {
  if (!config.passwordSignIn) throw passwordSignInOff();
  const account = await findAccount(db, userId);
  if (account.passwordHash === null) {
    await setFirstPassword(db, config, userId, account.username, input.newPassword);
    return 0;
  }
  if (input.currentPassword === undefined) throw badRequest('currentPassword is required');
  await checkPassword(
    db,
    config,
    userId,
    account.passwordHash,
    input.currentPassword,
    'Incorrect current password. Your password has not been changed.',
  );
  const problem = passwordProblem(input.newPassword, account.username);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.newPassword, config.passwordHashCost);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    return endOtherSessions(tx, userId, keepIdHash);
  });
}

/**
 * Only while the account has none: of two first passwords set at once, one is kept and the other
 * refused, so the player is never left holding a password that does not work.
 */
async function setFirstPassword(
  db: Db,
  config: Config,
  userId: string,
  username: string,
  password: string,
): Promise<void> {
  const problem = passwordProblem(password, username);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  const set = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  if (set.length === 0) {
    throw conflict(
      'This account already has a password. Type it as the current password to change it.',
    );
  }
}

/**
 * Forgot password: a recovery code of the named account sets a new password, once. The code is
 * spent, the password set and every session ended in one transaction; of simultaneous uses of
 * one code the conditional update lets exactly one through. Returns the account's id, or null
 * for a wrong name or code (nothing changed).
 */
export async function recoverAccount(
  db: Db,
  config: Config,
  input: { username: string; code: string; password: string },
): Promise<string | null> {
  const user = input.username.length <= 30 ? await findByUsername(db, input.username.trim()) : null;
  const codeId = await findRecoveryCode(db, user?.id ?? null, input.code, config.passwordHashCost);
  if (!user || !codeId) return null;
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  return db.transaction(async (tx) => {
    if (!(await useRecoveryCode(tx, codeId))) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endOtherSessions(tx, user.id, null);
    return user.id;
  });
}
