import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { LinkedWallet, SiweNonce } from '../../core/schemas/wallet.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { siweNonces, walletLinks } from '../db/payments-schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { loadViem, parseSiweMessage, type SiweMessage } from './siwe-message.ts';

/**
 * Sign-In with Ethereum (EIP-4361) to link a wallet to the signed-in account
 * (docs/decisions/012-wallets-with-siwe.md). The message is parsed strictly (siwe-message.ts) and
 * its values checked here, not by a library's validate-all helper: viem's validateSiweMessage
 * checks neither chain id nor URI.
 */

export const SIWE_CHAIN_ID = 1;
export const SIWE_STATEMENT = 'Link this wallet to your StreetScope account.';
export const NONCE_TTL_MS = 10 * 60_000;
/** How old an Issued At may be, and how far ahead of our clock (a phone's clock drifts). */
export const ISSUED_AT_MAX_AGE_MS = 10 * 60_000;
export const CLOCK_SKEW_MS = 60_000;
/** Unused nonces a player may hold at once; asking for more drops the oldest. */
const MAX_OPEN_NONCES = 5;

/**
 * One player's nonce and wallet writes take turns (their users row, locked until commit), so
 * "five open nonces" and "one wallet" hold when requests arrive together.
 */
async function lockPlayer(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** GET /api/wallet/nonce: a fresh single-use nonce for this player, stored in Postgres. */
export async function issueNonce(db: Db, userId: string, now = new Date()): Promise<SiweNonce> {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    await tx.delete(siweNonces).where(lt(siweNonces.expiresAt, now));
    await tx.insert(siweNonces).values({ nonce, userId, expiresAt, createdAt: now });
    const keep = tx
      .select({ nonce: siweNonces.nonce })
      .from(siweNonces)
      .where(eq(siweNonces.userId, userId))
      .orderBy(sql`${siweNonces.createdAt} desc`)
      .limit(MAX_OPEN_NONCES);
    await tx
      .delete(siweNonces)
      .where(and(eq(siweNonces.userId, userId), notInArray(siweNonces.nonce, keep)));
  });
  return {
    nonce,
    chainId: SIWE_CHAIN_ID,
    statement: SIWE_STATEMENT,
    expiresAt: expiresAt.toISOString(),
  };
}

const invalid = (why: string) => badRequest(`Wallet proof refused: ${why}`);

/** Parses and checks everything but the nonce and the signature. */
export async function checkMessage(
  message: string,
  publicUrl: string,
  now = new Date(),
): Promise<SiweMessage> {
  const result = await parseSiweMessage(message);
  if (!result.ok) {
    const part = result.part ? ` (${result.part})` : '';
    throw invalid(`not a well-formed Sign-In with Ethereum message${part}.`);
  }
  const parsed = result.message;
  const { domain, uri, chainId, issuedAt } = parsed;
  const site = new URL(publicUrl);
  if (domain !== site.host || (parsed.scheme && `${parsed.scheme}:` !== site.protocol)) {
    throw invalid(`the message is for another site (${domain}).`);
  }
  if (uri !== site.origin && uri !== publicUrl) throw invalid('the message URI is not this site.');
  if (chainId !== SIWE_CHAIN_ID) throw invalid(`chain id ${chainId} is not Ethereum mainnet.`);
  const t = now.getTime();
  if (issuedAt.getTime() > t + CLOCK_SKEW_MS || issuedAt.getTime() < t - ISSUED_AT_MAX_AGE_MS) {
    throw invalid('the message is too old or from the future. Please try again.');
  }
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= t) {
    throw invalid('the message has expired. Please try again.');
  }
  if (parsed.notBefore && parsed.notBefore.getTime() > t + CLOCK_SKEW_MS) {
    throw invalid('the message is not valid yet.');
  }
  return parsed;
}

/**
 * The signature proves the address: recovered offline for an ordinary account; a smart-contract
 * wallet (ERC-1271) can only be asked on chain, so only with WALLET_RPC_URL configured.
 */
export async function signatureMatches(
  message: string,
  signature: Hex,
  address: Hex,
  rpcUrl: string | null,
): Promise<boolean> {
  const { createPublicClient, http, isAddressEqual, recoverMessageAddress } = await loadViem();
  try {
    const recovered = await recoverMessageAddress({ message, signature });
    if (isAddressEqual(recovered, address)) return true;
  } catch {
    // Not a 65-byte ECDSA signature: maybe a contract wallet's.
  }
  if (!rpcUrl) return false;
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000 }) });
  try {
    return await client.verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

async function toLinkedWallet(row: typeof walletLinks.$inferSelect): Promise<LinkedWallet> {
  return {
    address: (await loadViem()).getAddress(row.address),
    chainId: row.chainId,
    linkedAt: row.linkedAt.toISOString(),
  };
}

/**
 * POST /api/wallet/link. After the offline checks, one transaction consumes this player's
 * unexpired nonce (a replay finds it gone) and links the address, which may belong to one
 * account only; a player has one linked wallet, so a new proof replaces the old link.
 */
export async function linkWallet(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'walletRpcUrl'>,
  userId: string,
  input: { message: string; signature: string },
): Promise<LinkedWallet> {
  const now = new Date();
  const parsed = await checkMessage(input.message, config.publicUrl, now);
  const ok = await signatureMatches(
    input.message,
    input.signature as Hex,
    parsed.address,
    config.walletRpcUrl,
  );
  if (!ok) throw invalid('the signature does not match the address.');
  const address = parsed.address.toLowerCase();
  return db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    const used = await tx
      .delete(siweNonces)
      .where(
        and(
          eq(siweNonces.nonce, parsed.nonce),
          eq(siweNonces.userId, userId),
          gt(siweNonces.expiresAt, now),
        ),
      )
      .returning({ nonce: siweNonces.nonce });
    if (used.length === 0) {
      throw invalid('this request has expired or was already used. Please try again.');
    }
    await tx
      .delete(walletLinks)
      .where(and(eq(walletLinks.userId, userId), ne(walletLinks.address, address)));
    const [row] = await tx
      .insert(walletLinks)
      .values({ address, userId, chainId: parsed.chainId, linkedAt: now })
      .onConflictDoUpdate({
        target: walletLinks.address,
        set: { chainId: parsed.chainId, linkedAt: now },
        setWhere: eq(walletLinks.userId, userId),
      })
      .returning();
    // The address is someone else's: the transaction rolls back and nothing changes.
    if (!row) throw conflict('This wallet is already linked to another account.');
    return toLinkedWallet(row);
  });
}

export async function getLinkedWallet(db: Db, userId: string): Promise<LinkedWallet | null> {
  const [row] = await db.select().from(walletLinks).where(eq(walletLinks.userId, userId));
  return row ? toLinkedWallet(row) : null;
}

/** DELETE /api/wallet/:address: only the player's own link can go. */
export async function unlinkWallet(db: Db, userId: string, address: string): Promise<void> {
  const gone = await db
    .delete(walletLinks)
    .where(and(eq(walletLinks.address, address.toLowerCase()), eq(walletLinks.userId, userId)))
    .returning({ address: walletLinks.address });
  if (gone.length === 0) throw notFound('This wallet is not linked to your account.');
}
