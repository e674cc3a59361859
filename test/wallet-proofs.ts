import { expect } from 'vitest';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import type { Player } from './app.ts';

/** Sign-In with Ethereum proofs as the client makes them, signed by real viem local accounts. */

export const SITE = 'http://localhost:3000';

export async function nonceFor(player: Player): Promise<{ nonce: string; expiresAt: string }> {
  const res = await player.request({ url: '/api/wallet/nonce' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json();
}

/** A message as the client builds it, with any field overridden, signed by `account`. */
export async function proof(
  player: Player,
  account: PrivateKeyAccount,
  overrides: Partial<SiweMessage> = {},
  signer: PrivateKeyAccount = account,
) {
  return proofWith(await nonceFor(player), account, overrides, signer);
}

export async function proofWith(
  { nonce, expiresAt }: { nonce: string; expiresAt: string },
  account: PrivateKeyAccount,
  overrides: Partial<SiweMessage> = {},
  signer: PrivateKeyAccount = account,
) {
  const message = createSiweMessage({
    address: account.address,
    chainId: 1,
    domain: 'localhost:3000',
    uri: SITE,
    nonce,
    version: '1',
    statement: 'Link this wallet to your StreetScope account.',
    issuedAt: new Date(),
    expirationTime: new Date(expiresAt),
    ...overrides,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

export const link = (player: Player, body: object) =>
  player.request({ method: 'POST', url: '/api/wallet/link', payload: body });
export const linked = async (player: Player) =>
  (await player.request({ url: '/api/wallet' })).json<{ wallet: { address: string } | null }>()
    .wallet;
export const newAccount = () => privateKeyToAccount(generatePrivateKey());
