import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { UsernameSchema } from '../../core/schemas/user.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { accountIdentities, oidcNewAccounts, oidcPendingSignIns } from '../db/oidc-schema.ts';
import { users } from '../db/schema.ts';
import { hashSessionId } from '../auth/sessions.ts';
import { LAST_SIGN_IN_METHOD, lockAccount, otherSignInMethods } from '../auth/sign-in-methods.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { findByUsername } from './users.ts';

/** OpenID Connect sign-ins and identities in the database (docs/decisions/035). */

/** Time for a player at the provider's login page; then the sign-in must start again. */
const PENDING_TTL_MS = 15 * 60_000;
/** Time to choose a username after the provider answered. */
const NEW_ACCOUNT_TTL_MS = 30 * 60_000;

export const SIGN_IN_EXPIRED = 'This sign-in has expired or was already used. Please start again.';

export interface Identity {
  issuer: string;
  subject: string;
}

export type PendingSignIn = typeof oidcPendingSignIns.$inferSelect;

export const randomToken = () => randomBytes(32).toString('base64url');

export async function savePendingSignIn(
  db: Db,
  pending: Omit<PendingSignIn, 'stateHash' | 'browserHash' | 'createdAt' | 'expiresAt'> & {
    state: string;
    browser: string;
  },
): Promise<void> {
  const { state, browser, ...rest } = pending;
  // Abandoned sign-ins are cleared as new ones start, so the table stays small.
  await db.delete(oidcPendingSignIns).where(lt(oidcPendingSignIns.expiresAt, new Date()));
  await db.insert(oidcPendingSignIns).values({
    ...rest,
    stateHash: hashSessionId(state),
    browserHash: hashSessionId(browser),
    expiresAt: new Date(Date.now() + PENDING_TTL_MS),
  });
}

/**
 * The pending sign-in of this state, started in this browser for this provider, deleted as it
 * is read: of simultaneous callbacks with one state only one gets it.
 */
export async function takePendingSignIn(
  db: Db,
  input: { state: string; browser: string; providerId: string },
): Promise<PendingSignIn | null> {
  const [row] = await db
    .delete(oidcPendingSignIns)
    .where(
      and(
        eq(oidcPendingSignIns.stateHash, hashSessionId(input.state)),
        eq(oidcPendingSignIns.browserHash, hashSessionId(input.browser)),
        eq(oidcPendingSignIns.providerId, input.providerId),
        gt(oidcPendingSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function accountOf(db: Db, identity: Identity): Promise<string | null> {
  const [row] = await db
    .select({ userId: accountIdentities.userId })
    .from(accountIdentities)
    .where(
      and(
        eq(accountIdentities.issuer, identity.issuer),
        eq(accountIdentities.subject, identity.subject),
      ),
    );
  return row?.userId ?? null;
}

/** A first sign-in waits for its username; the returned token goes in the browser's cookie. */
export async function saveNewAccount(
  db: Db,
  input: Identity & { providerId: string; suggestedUsername: string | null; returnTo: string },
): Promise<string> {
  const token = randomToken();
  await db.delete(oidcNewAccounts).where(lt(oidcNewAccounts.expiresAt, new Date()));
  await db.insert(oidcNewAccounts).values({
    ...input,
    tokenHash: hashSessionId(token),
    expiresAt: new Date(Date.now() + NEW_ACCOUNT_TTL_MS),
  });
  return token;
}

export async function findNewAccount(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(oidcNewAccounts)
    .where(
      and(
        eq(oidcNewAccounts.tokenHash, hashSessionId(token)),
        gt(oidcNewAccounts.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** The identity's account appeared while this one was being made (two tabs): sign in to it. */
export class IdentityTakenMeanwhile extends Error {
  constructor(readonly userId: string) {
    super('identity already has an account');
  }
}

/**
 * Creates the account with its identity, in one transaction that also spends the waiting
 * sign-in: a taken name changes nothing and can be tried again; a second tab finds the ticket
 * gone or the identity taken.
 */
export async function createAccountWithIdentity(
  db: Db,
  token: string,
  username: string,
): Promise<{ userId: string; returnTo: string }> {
  const name = UsernameSchema.safeParse(username);
  if (!name.success) throw badRequest(name.error.issues[0]?.message ?? 'Invalid username.');
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .delete(oidcNewAccounts)
      .where(
        and(
          eq(oidcNewAccounts.tokenHash, hashSessionId(token)),
          gt(oidcNewAccounts.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!ticket) throw badRequest(SIGN_IN_EXPIRED);
    if (await findByUsername(tx, name.data)) throw conflict('That username is already taken.');
    const userId = randomUUID();
    const inserted = await tx
      .insert(users)
      .values({ id: userId, username: name.data })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) throw conflict('That username is already taken.');
    const identity = await tx
      .insert(accountIdentities)
      .values({ userId, issuer: ticket.issuer, subject: ticket.subject })
      .onConflictDoNothing()
      .returning({ id: accountIdentities.id });
    if (identity.length === 0) {
      const existing = await accountOf(tx, ticket);
      if (existing) throw new IdentityTakenMeanwhile(existing);
      throw badRequest(SIGN_IN_EXPIRED);
    }
    return { userId, returnTo: ticket.returnTo };
  });
}

/** Why a link failed, as the profile shows it. */
export type LinkProblem = 'linked-elsewhere' | 'already-linked';

/** Attaches the identity to the signed-in account, holding the account row while it does. */
export async function linkIdentity(
  db: Db,
  userId: string,
  identity: Identity,
): Promise<LinkProblem | null> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const owner = await accountOf(tx, identity);
    if (owner === userId) return null;
    if (owner) return 'linked-elsewhere';
    const inserted = await tx
      .insert(accountIdentities)
      .values({ userId, ...identity })
      .onConflictDoNothing()
      .returning({ id: accountIdentities.id });
    if (inserted.length > 0) return null;
    // Another account took it at the same moment, or this account has another of this issuer.
    return (await accountOf(tx, identity)) ? 'linked-elsewhere' : 'already-linked';
  });
}

/** Unlinks the account's identity of the issuer (in its `issuerForms`) while another way to sign in remains. */
export async function unlinkIdentity(
  db: Db,
  config: Config,
  userId: string,
  issuers: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    if ((await otherSignInMethods(tx, config, userId, { issuers })) === 0) {
      throw conflict(LAST_SIGN_IN_METHOD);
    }
    const deleted = await tx
      .delete(accountIdentities)
      .where(and(eq(accountIdentities.userId, userId), inArray(accountIdentities.issuer, issuers)))
      .returning({ id: accountIdentities.id });
    if (deleted.length === 0) throw notFound('This provider is not linked to your account.');
  });
}

/** Two unlinks of the last two methods at once: the second waits and then sees one left. */
export async function linkedIdentities(db: Db, userId: string) {
  return db
    .select({ issuer: accountIdentities.issuer, linkedAt: accountIdentities.createdAt })
    .from(accountIdentities)
    .where(eq(accountIdentities.userId, userId));
}
