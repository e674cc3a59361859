import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Crown, Loader2, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { configQuery } from '../../api/config.ts';
import {
  openCustomerPortal,
  subscriptionSetupQuery,
  subscriptionStatusQuery,
} from './subscription-api.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { BonusBanner, FeatureList, PRO_PRICE } from './features.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDate } from '../../lib/format.ts';
import { serverMessage } from '../../lib/query-client.ts';

/**
 * SPEC §2 Subscribe. While the subscription is set up (POST /api/get-or-create-subscription)
 * and the public config loads, the page says 'Setting up subscription...'. Without a client
 * secret (demo mode answers 503) the payment area says so and the game stays fully playable.
 * A player who is already Pro sees their Pro status instead and no setup call is made.
 */
export default function Subscribe() {
  const { user } = useAuth();
  const isPro = user?.isPro ?? false;
  const setup = useQuery({ ...subscriptionSetupQuery, enabled: !isPro });
  const config = useQuery(configQuery);
  const paymentsEnabled = config.data?.payments.enabled;
  // 409: a subscription that is not paid up (past due, paused) but not over: manage, not pay again.
  const ongoing = setup.error?.message.startsWith('409') ?? false;

  // SPEC §8: a setup failure is logged. In demo mode the 503 is expected, so it stays quiet.
  useEffect(() => {
    if (setup.error && paymentsEnabled !== false && !ongoing) {
      console.warn('Subscription setup failed:', setup.error.message);
    }
  }, [setup.error, paymentsEnabled, ongoing]);

  return (
    <PageShell title="StreetScope Pro">
      {isPro ? (
        <ProState />
      ) : setup.isPending || config.isPending ? (
        <SettingUp />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-6">
            <Hero />
            <BonusBanner />
            <FeatureList />
          </div>
          <div className="grid gap-4 lg:sticky lg:top-20">
            {ongoing ? (
              <OngoingSubscription message={serverMessage(setup.error)} />
            ) : (
              <PaymentPanel
                clientSecret={setup.data?.clientSecret ?? null}
                publishableKey={config.data?.payments.publishableKey ?? null}
                paymentsEnabled={paymentsEnabled}
              />
            )}
            <BackHome />
          </div>
        </div>
      )}
    </PageShell>
  );
}

function Hero() {
  return (
    <section className="grid gap-2 rounded-3xl border border-neon-pink/40 bg-gradient-to-br from-neon-pink/20 via-brick to-neon-violet/20 p-5 sm:p-7">
      <p className="flex items-center gap-2 text-xs font-bold tracking-widest text-pink-200 uppercase">
        <Crown className="size-4" aria-hidden />
        VIP membership
      </p>
      <h2 className="font-display text-3xl leading-tight sm:text-4xl">Go Pro</h2>
      <p className="text-chalk/90">
        Double Spray Coins on every find, the full colour chart, and the map’s hunt filters and
        layers.
      </p>
      <p className="mt-1 text-neon-lime" data-testid="pro-price">
        <span className="font-display text-4xl">{PRO_PRICE.split('/')[0]}</span>
        <span className="text-lg font-bold">/{PRO_PRICE.split('/')[1]}</span>
      </p>
    </section>
  );
}

function SettingUp() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-2xl border border-line bg-brick/80 p-6 text-lg font-semibold"
      >
        <Loader2
          className="size-6 animate-spin text-neon-pink motion-reduce:animate-none"
          aria-hidden
        />
        Setting up subscription...
      </div>
      <Skeleton className="h-40 rounded-3xl" />
      <Skeleton className="h-20 rounded-2xl" />
      <div className="grid gap-2 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    </div>
  );
}

function ProState() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <section className="grid justify-items-center gap-3 rounded-3xl border border-neon-lime/50 bg-neon-lime/10 p-6 text-center sm:p-8">
        <Crown className="size-12 text-neon-lime" aria-hidden />
        <h2 className="font-display text-3xl">You are Pro</h2>
        <p className="max-w-md text-chalk/90">
          Thanks for backing StreetScope. Your Pro perks are switched on.
        </p>
        <ManageSubscription />
      </section>
      <BonusBanner active />
      <FeatureList title="Your Pro perks" />
      <BackHome />
    </div>
  );
}

function OngoingSubscription({ message }: { message: string | null }) {
  return (
    <section
      aria-labelledby="ongoing-title"
      className="grid justify-items-center gap-3 rounded-2xl border border-neon-amber/50 bg-neon-amber/10 p-4 text-center sm:p-5"
    >
      <h3 id="ongoing-title" className="font-display text-lg">
        Your subscription
      </h3>
      <p role="status" className="text-sm text-amber-100">
        {message ?? 'You already have a subscription.'}
      </p>
      <ManageSubscription />
    </section>
  );
}

/** The period end, and Stripe's customer portal to change the card or cancel. */
function ManageSubscription() {
  const { data } = useQuery(subscriptionStatusQuery);
  const portal = useMutation({
    mutationFn: openCustomerPortal,
    onError: () =>
      toast({
        title: 'Error',
        description: 'Could not open subscription management. Please try again.',
        variant: 'destructive',
      }),
  });
  if (!data?.currentPeriodEnd && !data?.canManage) return null;
  return (
    <div className="grid justify-items-center gap-3">
      {data.isPro && data.currentPeriodEnd && (
        <p className="text-sm text-smoke" data-testid="pro-period">
          {data.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} {formatDate(data.currentPeriodEnd)}
        </p>
      )}
      {data.canManage && (
        <Button
          variant="secondary"
          onClick={() => portal.mutate()}
          disabled={portal.isPending}
          aria-busy={portal.isPending || undefined}
        >
          {portal.isPending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Settings aria-hidden />
          )}
          Manage or cancel
        </Button>
      )}
    </div>
  );
}

function BackHome() {
  return (
    <Button
      asChild
      variant="secondary"
      className="w-full sm:w-auto sm:justify-self-start lg:w-full"
    >
      <Link href="/">
        <ArrowLeft aria-hidden />
        Back to Home
      </Link>
    </Button>
  );
}
