import { queryOptions } from '@tanstack/react-query';
import type { LinkedWallet, SiweNonce, WalletStatus } from '../../../core/schemas/wallet.ts';
import { apiRequest, queryClient } from '../../lib/query-client.ts';

/** The linked wallet (GET /api/wallet): the one the player proved they control. */
export const walletKeys = { linked: ['/api/wallet'] as const };

export const linkedWalletQuery = queryOptions<WalletStatus>({ queryKey: walletKeys.linked });

export async function fetchNonce(): Promise<SiweNonce> {
  return (await apiRequest('GET', '/api/wallet/nonce')).json() as Promise<SiweNonce>;
}

export async function postWalletLink(message: string, signature: string): Promise<LinkedWallet> {
  const linked = (await (
    await apiRequest('POST', '/api/wallet/link', { message, signature })
  ).json()) as LinkedWallet;
  queryClient.setQueryData(walletKeys.linked, { wallet: linked });
  return linked;
}

export async function deleteWalletLink(address: string): Promise<void> {
  await apiRequest('DELETE', `/api/wallet/${address}`);
  queryClient.setQueryData(walletKeys.linked, { wallet: null });
}
