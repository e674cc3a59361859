import { and, count, eq, notInArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { accountIdentities } from '../db/oidc-schema.ts';
import { users } from '../db/schema.ts';

/**
 * How many ways into the account remain without the provider of `issuers` (its issuerForms): a password (while
 * password sign-in is on) and every other linked provider. Unlinking needs at least one, so
 * nobody locks themselves out. Called in the transaction that holds the account row's lock.
 */
export async function otherSignInMethods(
  tx: Tx,
  config: Config,
  userId: string,
  issuers: string[],
): Promise<number> {
  const [account] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  const [identities] = await tx
    .select({ n: count() })
    .from(accountIdentities)
    .where(
      and(eq(accountIdentities.userId, userId), notInArray(accountIdentities.issuer, issuers)),
    );
  const password = config.passwordSignIn && account?.passwordHash ? 1 : 0;
  return password + (identities?.n ?? 0);
}
