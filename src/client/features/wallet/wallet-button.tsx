import { LoaderCircle, Wallet } from 'lucide-react';
import { useWallet } from './use-wallet.ts';
import { headerAddress, shortAddress } from '../../lib/address.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * The map-home header's wallet button (SPEC §2 Map home): 'Connect', or once connected the
 * first 4 characters of the account plus an ellipsis; clicking it then disconnects.
 * With no wallet installed it says 'MetaMask Required' (SPEC §8).
 */
export function WalletButton({ className }: { className?: string }) {
  const { account, isConnected, isConnecting, connect, disconnect } = useWallet();
  if (isConnected && account) {
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={disconnect}
        title={`${account} (click to disconnect)`}
        aria-label={`${headerAddress(account)} Disconnect wallet`}
        className={cn('font-mono', className)}
      >
        <span className="size-2 rounded-full bg-neon-lime" aria-hidden />
        {headerAddress(account)}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void connect()}
      disabled={isConnecting}
      aria-busy={isConnecting || undefined}
      className={className}
    >
      {isConnecting ? (
        <LoaderCircle className="animate-spin" aria-hidden />
      ) : (
        <Wallet aria-hidden />
      )}
      {/* Icon-only on phones, where the header row is tight. */}
      <span className="max-sm:sr-only">Connect</span>
    </Button>
  );
}

/**
 * The landing page's top-right button (SPEC §2 Landing): 'Connect Metamask', or the shortened
 * address (first 6 + last 4) once connected; clicking the address disconnects. With no wallet
 * extension the download page opens in a new tab. Failures say 'Failed to connect to Metamask
 * wallet' (SPEC §8 Landing wallet failure).
 */
export function ConnectMetamaskButton({ className }: { className?: string }) {
  const { account, isConnected, isConnecting, connect, disconnect } = useWallet();
  if (isConnected && account) {
    return (
      <Button
        variant="secondary"
        onClick={disconnect}
        title={`${account} (click to disconnect)`}
        aria-label={`${shortAddress(account)} Disconnect wallet`}
        className={cn('font-mono', className)}
      >
        <span
          className="size-2.5 rounded-full bg-neon-lime shadow-[0_0_8px] shadow-neon-lime"
          aria-hidden
        />
        {shortAddress(account)}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      onClick={() =>
        void connect({
          onMissing: 'download',
          failureMessage: 'Failed to connect to Metamask wallet',
        })
      }
      disabled={isConnecting}
      aria-busy={isConnecting || undefined}
      className={className}
    >
      {isConnecting ? (
        <LoaderCircle className="animate-spin text-neon-amber" aria-hidden />
      ) : (
        <Wallet className="text-neon-amber" aria-hidden />
      )}
      Connect Metamask
    </Button>
  );
}
