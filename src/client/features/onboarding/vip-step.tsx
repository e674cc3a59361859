import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Coins, Crown } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { authKeys } from '../../api/auth.ts';
import { configQuery } from '../../api/config.ts';
import { subscriptionSetupQuery } from '../subscribe/index.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { PAYMENT_RECEIVED } from '../subscribe/index.ts';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { loginUrl } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { StripeCheckout } from '../subscribe/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { LazyBoundary } from '../../components/ui/lazy-boundary.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { iconBadge, StepCard, wrap } from './step-card.tsx';

/**
 * Payment setup: with payments off (/api/config) it is demo mode. With payments on, a signed-in
 * player's subscription is set up and Stripe's card form shown; a failed setup (or Stripe.js not
 * loading) says 'Setup Error' and falls back to demo mode. A signed-out visitor has no account
 * to subscribe yet: demo mode, with 'Setup Full Payment Later' signing in first.
 */
function usePaymentSetup() {
  const config = useQuery(configQuery);
  const { isAuthenticated } = useAuth();
  const [stripeBlocked, setStripeBlocked] = useState(false);
  const enabled = config.data?.payments.enabled === true && isAuthenticated;
  const setup = useQuery({ ...subscriptionSetupQuery, enabled });
  const failed = setup.isError || stripeBlocked;
  useEffect(() => {
    if (failed) {
      toast({
        title: 'Setup Error',
        description: 'Please contact support for payment setup assistance',
        variant: 'destructive',
      });
    }
  }, [failed]);
  const publishableKey = config.data?.payments.publishableKey ?? null;
  const clientSecret = setup.data?.clientSecret ?? null;
  return {
    isLoading: config.isPending || (enabled && setup.isPending),
    card: !failed && publishableKey && clientSecret ? { publishableKey, clientSecret } : null,
    onUnavailable: useCallback(() => setStripeBlocked(true), []),
  };
}

/**
 * 'Setup Full Payment Later' goes to /subscribe. Decision: /subscribe exists only when signed
 * in (SPEC §4 auth gate), so a signed-out visitor goes through sign-in and lands on /subscribe.
 */
const SUBSCRIBE_AFTER_LOGIN = loginUrl({ returnTo: '/subscribe' });

export function VipStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
  const { isLoading, card, onUnavailable } = usePaymentSetup();
  const onPaid = useCallback(() => {
    toast(PAYMENT_RECEIVED);
    void queryClient.invalidateQueries({ queryKey: authKeys.user });
    onNext();
  }, [onNext]);
  return (
    <StepCard
      title="VIP Membership"
      icon={
        <span className={cn(iconBadge, 'border-neon-pink/50 bg-neon-pink/10 text-neon-pink')}>
          <Crown className="size-6" aria-hidden />
        </span>
      }
    >
      <p className="text-smoke">
        StreetScope is free to play: the map, the walls, events and rewards are open to everyone. A
        VIP membership doubles the Spray Coins you earn.
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-neon-pink/40 bg-wall/60 p-4">
        <p>
          <span className="font-display text-3xl text-chalk">$9.99</span>
          <span className="text-smoke">/month</span>
        </p>
        <Badge variant="lime" className="px-3 py-1 text-sm">
          <Coins className="size-4" aria-hidden />
          2x Token Earnings
        </Badge>
      </div>
      {isLoading ? (
        <PreparingPayment />
      ) : card ? (
        <LazyBoundary loading={<PreparingPayment />}>
          <StripeCheckout
            {...card}
            submitLabel="Complete Setup & Enter Game"
            redirect="if_required"
            onPaid={onPaid}
            onUnavailable={onUnavailable}
          />
        </LazyBoundary>
      ) : (
        <DemoMode onNext={onNext} />
      )}
      <Button variant="ghost" onClick={onBack} className="justify-self-start">
        <ArrowLeft aria-hidden />
        Back
      </Button>
    </StepCard>
  );
}

function PreparingPayment() {
  return (
    <div role="status" aria-label="Preparing payment" className="grid gap-3">
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-13" />
      <Skeleton className="h-11" />
    </div>
  );
}

function DemoMode({ onNext }: { onNext: () => void }) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="grid gap-3">
      <p className="rounded-xl border border-neon-amber/40 bg-neon-amber/10 p-3 text-sm text-amber-100">
        Card payments are not available right now, so you can play in demo mode and set up payment
        later.
      </p>
      <Button size="lg" onClick={onNext} className={wrap}>
        Continue to Game (Demo Mode)
        <ArrowRight aria-hidden className="max-sm:hidden" />
      </Button>
      {isAuthenticated ? (
        <Link href="/subscribe" className={cn(buttonVariants({ variant: 'outline' }), wrap)}>
          Setup Full Payment Later
        </Link>
      ) : (
        <a
          href={SUBSCRIBE_AFTER_LOGIN}
          className={cn(buttonVariants({ variant: 'outline' }), wrap)}
        >
          Setup Full Payment Later
        </a>
      )}
    </div>
  );
}
