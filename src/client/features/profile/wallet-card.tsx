import { useMutation, useQuery } from '@tanstack/react-query';
import { LoaderCircle, ShieldCheck, Unlink, Wallet } from 'lucide-react';
import { deleteWalletLink, linkedWalletQuery } from '../wallet/index.ts';
import { toast } from '../../hooks/use-toast.ts';
import { useWallet } from '../wallet/index.ts';
import { formatDate } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

/**
 * The wallet linked to this account: one the player proved they control by signing a
 * Sign-In with Ethereum message. Link it here, or unlink it.
 */
export function WalletCard() {
  const { data, isPending, isError, refetch } = useQuery(linkedWalletQuery);
  const { isConnecting, linkWallet } = useWallet();
  const unlink = useMutation({
    mutationFn: deleteWalletLink,
    onSuccess: () =>
      toast({
        title: 'Wallet Unlinked',
        description: 'Your wallet is no longer linked to your account.',
      }),
    onError: () =>
      toast({
        title: 'Error',
        description: 'Could not unlink your wallet. Please try again.',
        variant: 'destructive',
      }),
  });
  const wallet = data?.wallet;

  return (
    <Section id="wallet" title="Wallet" icon={Wallet}>
      {isPending ? (
        <Skeleton className="h-24" aria-label="Loading your wallet" />
      ) : isError ? (
        <LoadError what="your wallet" onRetry={() => void refetch()} />
      ) : wallet ? (
        <div className="grid gap-3">
          <div className="grid gap-1 rounded-xl border border-neon-lime/40 bg-neon-lime/10 p-3">
            <p className="flex items-center gap-2 text-sm font-bold text-chalk">
              <ShieldCheck className="size-4 text-neon-lime" aria-hidden />
              Linked wallet
            </p>
            <p className="font-mono text-sm break-all text-chalk" data-testid="linked-address">
              {wallet.address}
            </p>
            <p className="text-xs text-smoke">
              Proven by signature on {formatDate(wallet.linkedAt)}
            </p>
          </div>
          <Button
            variant="secondary"
            onClick={() => unlink.mutate(wallet.address)}
            disabled={unlink.isPending}
            className="justify-self-start"
          >
            {unlink.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Unlink aria-hidden />
            )}
            Unlink wallet
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-smoke">
            No wallet linked yet. Link one by signing a message in your wallet: it proves the wallet
            is yours and costs nothing.
          </p>
          <Button
            onClick={() => void linkWallet()}
            disabled={isConnecting}
            aria-busy={isConnecting || undefined}
            className="justify-self-start"
          >
            {isConnecting ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Wallet aria-hidden />
            )}
            Link wallet
          </Button>
        </div>
      )}
    </Section>
  );
}
