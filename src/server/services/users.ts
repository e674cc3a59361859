import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { entitlementsFor, isProActive, type Entitlements } from '../../core/entitlements.ts';
import { levelForScore } from '../../core/rules.ts';
import { UsernameSchema, type User } from '../../core/schemas/user.ts';
import type { PasswordHashCost } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { sessionUserColumns, toSessionUser, type SessionUser } from '../auth/sessions.ts';
import {
  burnPasswordCheck,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from '../auth/passwords.ts';
import { badRequest, conflict } from '../errors.ts';

export function isPro(user: SessionUser): boolean {
  return isProActive(user.subscriptionStatus, user.proPeriodEnd);
}

/** What this player's tier unlocks, from their live subscription status. */
export function entitlementsOf(user: SessionUser): Entitlements {
  return entitlementsFor({ isPro: isPro(user) });
}

export function toUserDto(user: SessionUser): User {
  return {
    id: user.id,
    username: user.username,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
    level: levelForScore(user.score),
    discoveries: user.discoveries,
    firstFinds: user.firstFinds,
    tokens: user.tokens,
    score: user.score,
    isPro: isPro(user),
    role: user.role,
    suspendedUntil:
      user.suspendedUntil && user.suspendedUntil > new Date()
        ? user.suspendedUntil.toISOString()
        : null,
  };
}

export async function getSessionUserById(db: Db, id: string): Promise<SessionUser | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toSessionUser(row) : null;
}

export async function findByUsername(db: Db, username: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Creates an account; the messages are shown on the sign-up form as they are. */
export async function createAccount(
  db: Db,
  input: { username: string; password: string },
  cost: PasswordHashCost,
): Promise<string> {
  const name = UsernameSchema.safeParse(input.username);
  if (!name.success) throw badRequest(name.error.issues[0]?.message ?? 'Invalid username.');
  const problem = passwordProblem(input.password, name.data);
  if (problem) throw badRequest(problem);
  if (await findByUsername(db, name.data)) throw conflict('That username is already taken.');
  const passwordHash = await hashPassword(input.password, cost);
  const id = randomUUID();
  const inserted = await db
    .insert(users)
    .values({ id, username: name.data, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Two sign-ups racing for one name: the unique index decides.
  if (inserted.length === 0) throw conflict('That username is already taken.');
  return id;
}

/** Returns the user id when the credentials match; the same work is done when they do not. */
export async function authenticate(
  db: Db,
  username: string,
  password: string,
  cost: PasswordHashCost,
): Promise<string | null> {
  const user = username.length <= 30 ? await findByUsername(db, username.trim()) : null;
  if (!user?.passwordHash) {
    await burnPasswordCheck(password, cost);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user.id : null;
}
