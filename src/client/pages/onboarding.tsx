import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  Check,
  Coins,
  Crown,
  LoaderCircle,
  LogOut,
  PartyPopper,
  Wallet,
} from 'lucide-react';
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'wouter';
import { authKeys } from '../api/auth.ts';
import { configQuery } from '../api/config.ts';
import { subscriptionSetupQuery } from '../api/subscription.ts';
import { StripeCheckout } from '../components/subscribe/payment-panel.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { PAYMENT_RECEIVED } from '../hooks/use-payment-return.ts';
import { toast } from '../hooks/use-toast.ts';
import { MAINNET_CHAIN_ID, useWallet } from '../hooks/use-wallet.ts';
import { shortAddress } from '../lib/address.ts';
import { cn } from '../lib/cn.ts';
import { LOGIN_URL, LOGOUT_URL } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * Onboarding (SPEC §2, §4): 1 connect a wallet, 2 VIP membership, 3 success, then / after 2 s.
 * Everyone may see it, signed in or not; Sign Out is always the /api/logout navigation.
 */

/** SPEC §9: the redirect after the last step. */
export const ONBOARDING_REDIRECT_MS = 2000;

type Step = 1 | 2 | 3;
const STEPS: { n: Step; label: string }[] = [
  { n: 1, label: 'Wallet' },
  { n: 2, label: 'VIP' },
  { n: 3, label: 'Play' },
];

function StepIndicator({ step }: { step: Step }) {
  return (
    <ol aria-label="Setup progress" className="flex items-center gap-2">
      {STEPS.map(({ n, label }, i) => {
        const done = n < step;
        const current = n === step;
        return (
          <li
            key={n}
            aria-current={current ? 'step' : undefined}
            className="flex flex-1 items-center gap-2 last:flex-none"
          >
            <span
              className={cn(
                'grid size-9 shrink-0 place-items-center rounded-full border-2 font-display text-sm',
                done && 'border-neon-lime bg-neon-lime text-wall',
                current && 'border-neon-pink bg-neon-pink/20 text-chalk',
                !done && !current && 'border-line text-smoke',
              )}
            >
              {done ? <Check className="size-4" strokeWidth={3} aria-hidden /> : n}
            </span>
            <span className={cn('text-sm font-bold', current ? 'text-chalk' : 'text-smoke')}>
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
            {i < STEPS.length - 1 && (
              <span
                aria-hidden
                className={cn('h-0.5 flex-1 rounded-full', done ? 'bg-neon-lime' : 'bg-line')}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** True once the visitor has moved between steps (not on the first render). */
const FocusStepContext = createContext(false);

/** A step's card; its heading takes focus when the visitor moves to it, for screen readers. */
function StepCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useContext(FocusStepContext);
  useEffect(() => {
    if (focus) heading.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <section
      aria-labelledby="step-heading"
      className="grid gap-5 rounded-2xl border border-line bg-brick/90 p-4 shadow-xl sm:p-7"
    >
      <div className="flex items-center gap-3">
        {icon}
        <h2
          id="step-heading"
          ref={heading}
          tabIndex={-1}
          className="font-display text-xl text-chalk outline-none sm:text-2xl"
        >
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

const iconBadge = 'grid size-12 shrink-0 place-items-center rounded-xl border';
/** Long labels wrap on a 360 px phone instead of overflowing. */
const wrap = 'h-auto min-h-13 px-4 py-3 text-center whitespace-normal max-sm:text-[15px]';

function WalletStep({ onNext }: { onNext: () => void }) {
  const { account, chainId, isConnected, isConnecting, connect, switchToMainnet } = useWallet();
  return (
    <StepCard
      title="Connect Your Wallet"
      icon={
        <span className={cn(iconBadge, 'border-neon-amber/50 bg-neon-amber/10 text-neon-amber')}>
          <Wallet className="size-6" aria-hidden />
        </span>
      }
    >
      <p className="text-smoke">
        Link a browser crypto wallet such as MetaMask to collect Spray Coins and starter NFTs. No
        wallet yet? We open the MetaMask download page for you.
      </p>
      {isConnected && account && (
        <div className="grid gap-3 rounded-xl border border-neon-lime/40 bg-neon-lime/10 p-4">
          <p className="flex flex-wrap items-center gap-2 font-bold text-chalk">
            <Check className="size-5 text-neon-lime" aria-hidden />
            Connected: <span className="font-mono">{shortAddress(account)}</span>
          </p>
          {chainId === MAINNET_CHAIN_ID ? (
            <p className="text-sm text-smoke">Network: Ethereum Mainnet</p>
          ) : (
            <>
              <p className="text-sm text-smoke">
                Network: {chainId ?? 'unknown'}. StreetScope rewards live on Ethereum Mainnet.
              </p>
              <Button variant="outline" onClick={() => void switchToMainnet()} className={wrap}>
                Switch to Ethereum Mainnet
              </Button>
            </>
          )}
        </div>
      )}
      <div className="grid gap-3">
        {isConnected ? (
          <Button size="lg" onClick={onNext}>
            Continue
            <ArrowRight aria-hidden />
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={() => void connect({ onMissing: 'download' })}
            disabled={isConnecting}
            aria-busy={isConnecting || undefined}
          >
            {isConnecting ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Wallet aria-hidden />
            )}
            Connect Metamask
          </Button>
        )}
        <Button
          variant="ghost"
          onClick={onNext}
          className={cn(wrap, 'text-smoke hover:text-chalk')}
        >
          Skip for now (Limited Access)
        </Button>
      </div>
    </StepCard>
  );
}

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
const SUBSCRIBE_AFTER_LOGIN = `${LOGIN_URL}?returnTo=${encodeURIComponent('/subscribe')}`;

function VipStep({ onBack, onNext }: { onBack: () => void; onNext: () => void }) {
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
        All users need a VIP membership to play StreetScope: the full map of legal walls, events and
        rewards.
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
        <Suspense fallback={<PreparingPayment />}>
          <StripeCheckout
            {...card}
            submitLabel="Complete Setup & Enter Game"
            redirect="if_required"
            onPaid={onPaid}
            onUnavailable={onUnavailable}
          />
        </Suspense>
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

function DoneStep() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/'), ONBOARDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <StepCard
      title="You're All Set!"
      icon={
        <span className={cn(iconBadge, 'border-neon-lime/50 bg-neon-lime/10 text-neon-lime')}>
          <PartyPopper className="size-6" aria-hidden />
        </span>
      }
    >
      <p className="text-smoke" role="status">
        Welcome to StreetScope. Taking you to the streets in a moment…
      </p>
      <Link href="/" className={buttonVariants({ size: 'lg' })}>
        Enter StreetScope now
      </Link>
    </StepCard>
  );
}

export default function Onboarding() {
  const [step, setStepState] = useState<Step>(1);
  const [moved, setMoved] = useState(false);
  const setStep = (next: Step) => {
    setStepState(next);
    setMoved(true);
  };
  return (
    <div className="wall-texture min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-wall/85 backdrop-blur">
        <div className="mx-auto flex max-w-2xl items-center gap-1 px-3 py-2">
          <p className="min-w-0 flex-1 truncate font-display text-lg">
            Street<span className="text-neon-pink">Scope</span>
          </p>
          <Link href="/" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            Skip Setup
          </Link>
          <a href={LOGOUT_URL} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <LogOut aria-hidden />
            Sign Out
          </a>
        </div>
      </header>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 pt-6 pb-16">
        <div className="grid gap-2">
          <h1 className="font-display text-2xl sm:text-3xl">Getting Started</h1>
          <p className="text-smoke">Step {step} of 3</p>
        </div>
        <StepIndicator step={step} />
        <FocusStepContext value={moved}>
          {step === 1 && <WalletStep key={1} onNext={() => setStep(2)} />}
          {step === 2 && <VipStep key={2} onBack={() => setStep(1)} onNext={() => setStep(3)} />}
          {step === 3 && <DoneStep key={3} />}
        </FocusStepContext>
      </main>
    </div>
  );
}
