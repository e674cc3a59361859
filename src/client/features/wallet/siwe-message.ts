import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { SiweNonce } from '../../../core/schemas/wallet.ts';

/**
 * The EIP-4361 message for this site (the wallet shows it and checks the domain against the
 * page's origin), built with viem; the server parses whatever form a wallet or library writes
 * (src/server/auth/siwe-message.ts). Loaded only when a signed-in player links a wallet, so viem
 * stays out of every page's first load.
 */
export function buildSiweMessage(account: string, nonce: SiweNonce, now = new Date()): string {
  return createSiweMessage({
    address: getAddress(account),
    chainId: nonce.chainId,
    domain: window.location.host,
    uri: window.location.origin,
    nonce: nonce.nonce,
    version: '1',
    statement: nonce.statement,
    issuedAt: now,
    expirationTime: new Date(nonce.expiresAt),
  });
}

/** personal_sign takes the message as hex-encoded UTF-8 bytes. */
export function toHexUtf8(text: string): string {
  return `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
