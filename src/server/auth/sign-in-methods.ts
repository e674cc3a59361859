import { and, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import type { Tx } from '../db/client.ts';
import { accountIdentities } from '../db/oidc-schema.ts';
import { passkeys } from '../db/passkeys-schema.ts';
import { users } from '../db/schema.ts';

export const LAST_SIGN_IN_METHOD =
  'This is your only way to sign in. Add a password or link another provider first.';

/** Holds the account's row until the transaction ends: two removals cannot both see the other way in. */
export async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
}

/**
 * How many ways into the account remain without the one being removed (a provider's issuers, or
 * one passkey): a password (while password sign-in is on), every other linked provider and every
 * other passkey. Removing needs at least one, so nobody locks themselves out. Called in the
 * transaction that holds the account row's lock.
 */
export async function otherSignInMethods(
  tx: Tx,
  config: Config,
  userId: string,
  removing: { issuers: string[] } | { passkeyId: string },
): Promise<number> {
  const issuers = 'issuers' in removing ? removing.issuers : [];
  const [account] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  const [identities] = await tx
    .select({ n: count() })
    .from(accountIdentities)
    .where(
      issuers.length > 0
        ? and(eq(accountIdentities.userId, userId), notInArray(accountIdentities.issuer, issuers))
        : eq(accountIdentities.userId, userId),
    );
  const [keys] = await tx
    .select({ n: count() })
    .from(passkeys)
    .where(
      'passkeyId' in removing
        ? and(eq(passkeys.accountId, userId), ne(passkeys.id, removing.passkeyId))
        : eq(passkeys.accountId, userId),
    );
  const password = config.passwordSignIn && account?.passwordHash ? 1 : 0;
  return password + (identities?.n ?? 0) + (keys?.n ?? 0);
}
