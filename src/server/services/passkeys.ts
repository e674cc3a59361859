import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AuthenticationResponseSchema,
  Passkey,
  RegistrationResponseSchema,
} from '../../core/schemas/passkeys.ts';
import { LAST_SIGN_IN_METHOD, lockAccount, otherSignInMethods } from '../auth/sign-in-methods.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/passkeys-schema.ts';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../errors.ts';

/**
 * The WebAuthn library, loaded at the first passkey ceremony: a start that never sees one does
 * not pay for it (docs/decisions/050).
 */
const webauthn = () => import('@simplewebauthn/server');

/**
 * Passkeys (docs/decisions/036): adding one on the profile and signing in with it without a
 * username. Every challenge is stored and taken once, by the transaction that checks the answer.
 */

/** How long a ceremony may take, from the options to the answer. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** Relying party: the public origin's host (a passkey is bound to it), and the origin itself. */
function relyingParty(config: Config) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'StreetScope' };
}

const userHandle = (accountId: string) => new TextEncoder().encode(accountId);

async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'sign-in',
  accountId: string | null,
) {
  // Unanswered challenges go as new ones come: the table holds only the last few minutes' worth.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    accountId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes the challenge the answer claims to reply to, once: of simultaneous answers to one
 * challenge only the first DELETE returns the row. False when unknown, used, expired or not
 * this ceremony's.
 */
async function takeChallenge(
  tx: Tx,
  challenge: string,
  purpose: 'register' | 'sign-in',
  accountId: string | null,
): Promise<boolean> {
  const [taken] = await tx
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        accountId ? eq(webauthnChallenges.accountId, accountId) : undefined,
      ),
    )
    .returning({ expiresAt: webauthnChallenges.expiresAt });
  return !!taken && taken.expiresAt > new Date();
}

/** The challenge in the browser's client data; null when the client data is not readable. */
function claimedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

const toDto = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.backedUp,
});

/** Whether the account can sign in with a passkey (another way in besides its password). */
export async function hasPasskey(db: Db | Tx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .limit(1);
  return !!row;
}

export async function listPasskeys(db: Db, accountId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toDto);
}

/** Options for navigator.credentials.create(): a discoverable credential, not one it has. */
export async function registrationOptions(
  db: Db,
  config: Config,
  account: { id: string; username: string },
) {
  const { rpID, rpName } = relyingParty(config);
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.accountId, account.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.username,
    userID: userHandle(account.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', account.id);
  return options;
}

const REGISTRATION_FAILED = 'That passkey could not be added. Please try again from the same page.';

/** Checks the authenticator's answer to this account's challenge and keeps the passkey. */
export async function addPasskey(
  db: Db,
  config: Config,
  accountId: string,
  input: { response: z.infer<typeof RegistrationResponseSchema>; name: string },
): Promise<Passkey> {
  const challenge = claimedChallenge(input.response.response.clientDataJSON);
  if (!challenge) throw badRequest(REGISTRATION_FAILED);
  const { rpID, origin } = relyingParty(config);
  const { verifyRegistrationResponse } = await webauthn();
  // The transaction commits even when the answer is refused: the challenge stays used.
  const outcome = await db.transaction(async (tx): Promise<Passkey | HttpError> => {
    if (!(await takeChallenge(tx, challenge, 'register', accountId))) {
      return badRequest('This passkey request has expired. Please try again.');
    }
    const verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return badRequest(REGISTRATION_FAILED);
    const info = verified.registrationInfo;
    const [row] = await tx
      .insert(passkeys)
      .values({
        accountId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: input.response.response.transports ?? [],
        name: input.name,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    return row ? toDto(row) : conflict('This passkey is already added.');
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

/** A passkey that is not the player's is as missing as one that does not exist. */
const PASSKEY_NOT_FOUND = 'Passkey not found';

export async function renamePasskey(
  db: Db,
  accountId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
    .returning();
  if (!row) throw notFound(PASSKEY_NOT_FOUND);
  return toDto(row);
}

/** Refused while it is the account's only way in (no password, provider or other passkey). */
export async function removePasskey(
  db: Db,
  config: Config,
  accountId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw notFound(PASSKEY_NOT_FOUND);
    if ((await otherSignInMethods(tx, config, accountId, { passkeyId: id })) === 0) {
      throw conflict(LAST_SIGN_IN_METHOD);
    }
  });
}

/** Options for navigator.credentials.get(): no allowed list, the authenticator offers its own. */
export async function signInOptions(db: Db, config: Config) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

const SIGN_IN_FAILED = 'Signing in with that passkey failed. Please try again.';

/**
 * Checks a sign-in answer: its challenge taken once, the credential still on an account, the
 * signature and the signature counter. The passkey's row is locked while its counter moves, so
 * two answers can never both pass the same counter. Answers the account's id.
 */
export async function verifyPasskeySignIn(
  db: Db,
  config: Config,
  response: z.infer<typeof AuthenticationResponseSchema>,
): Promise<string> {
  const challenge = claimedChallenge(response.response.clientDataJSON);
  if (!challenge) throw unauthorized(SIGN_IN_FAILED);
  const { rpID, origin } = relyingParty(config);
  const { verifyAuthenticationResponse } = await webauthn();
  const outcome = await db.transaction(async (tx): Promise<string | HttpError> => {
    if (!(await takeChallenge(tx, challenge, 'sign-in', null))) {
      return unauthorized('This passkey sign-in has expired. Please try again.');
    }
    const [passkey] = await tx
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, response.id))
      .for('update');
    if (!passkey) {
      return unauthorized(
        'That passkey is not linked to any account here: it may have been removed. Sign in with your username and password.',
      );
    }
    const handle = response.response.userHandle;
    if (handle && handle !== Buffer.from(userHandle(passkey.accountId)).toString('base64url')) {
      return unauthorized(SIGN_IN_FAILED);
    }
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return unauthorized(SIGN_IN_FAILED);
    const info = verified.authenticationInfo;
    await tx
      .update(passkeys)
      .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: new Date() })
      .where(eq(passkeys.id, passkey.id));
    return passkey.accountId;
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}
