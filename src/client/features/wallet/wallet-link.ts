import { deleteWalletLink, fetchNonce, linkedWalletQuery, postWalletLink } from './wallet-api.ts';
import { toast } from '../../hooks/use-toast.ts';
import { queryClient, serverMessage } from '../../lib/query-client.ts';

/**
 * Linking the connected wallet to the signed-in account with Sign-In with Ethereum: a nonce
 * from the server, the EIP-4361 message signed with personal_sign, checked and stored by the
 * server (docs/decisions/012-wallets-with-siwe.md).
 */

interface SigningProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

const same = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

function rejected(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

/** True once `account` is this player's linked wallet (already, or by signing now). */
export async function linkAccount(provider: SigningProvider, account: string): Promise<boolean> {
  try {
    const current = await queryClient.fetchQuery(linkedWalletQuery);
    if (same(current.wallet?.address, account)) return true;
    const [{ buildSiweMessage, toHexUtf8 }, nonce] = await Promise.all([
      import('./siwe-message.ts'),
      fetchNonce(),
    ]);
    const message = buildSiweMessage(account, nonce);
    const signature = await provider.request({
      method: 'personal_sign',
      params: [toHexUtf8(message), account],
    });
    if (typeof signature !== 'string') throw new Error('The wallet returned no signature.');
    await postWalletLink(message, signature);
    return true;
  } catch (error) {
    toast({
      title: 'Wallet Not Linked',
      description: rejected(error)
        ? 'Sign the message in your wallet to link it to your account.'
        : (serverMessage(error) ?? 'Could not link your wallet. Please try again.'),
      variant: 'destructive',
    });
    return false;
  }
}

/** Disconnecting a signed-in player's linked wallet unlinks it from the account. */
export async function unlinkAccount(account: string): Promise<void> {
  try {
    const current = await queryClient.fetchQuery(linkedWalletQuery);
    if (same(current.wallet?.address, account)) await deleteWalletLink(current.wallet!.address);
  } catch {
    toast({
      title: 'Wallet Still Linked',
      description: 'Could not unlink your wallet. Please try again from your profile.',
      variant: 'destructive',
    });
  }
}
