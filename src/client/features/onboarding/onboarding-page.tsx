import { ArrowRight, Check, LoaderCircle, LogIn, LogOut, PartyPopper, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ExitLink, useOnboardingExit } from './exit.tsx';
import { FocusStepContext, iconBadge, StepCard, wrap } from './step-card.tsx';
import { VipStep } from './vip-step.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { MAINNET_CHAIN_ID, useWallet } from '../wallet/index.ts';
import { shortAddress } from '../../lib/address.ts';
import { cn } from '../../lib/cn.ts';
import { loginUrl, LOGOUT_URL } from '../../lib/navigation.ts';
import { rememberOnboardedSignedOut } from './onboarding-turn.ts';

/**
 * Onboarding (SPEC §2, §4): 1 connect a wallet, 2 VIP membership, 3 success, then on after 2 s.
 * Everyone may see it. Signed in, it ends in the game; signed out, it ends on the create-account
 * page (components/onboarding/exit.tsx), and the header offers Sign In instead of Sign Out.
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

function DoneStep() {
  const { toGame, leave } = useOnboardingExit();
  useEffect(() => {
    const timer = setTimeout(leave, ONBOARDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [leave]);
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
        {toGame
          ? 'Welcome to StreetScope. Taking you to the streets in a moment…'
          : 'One last thing: create your free account to start playing. Taking you there in a moment…'}
      </p>
      <ExitLink className={buttonVariants({ size: 'lg' })}>
        {toGame ? 'Enter StreetScope now' : 'Create Account'}
      </ExitLink>
    </StepCard>
  );
}

/** Signed in, Sign Out (SPEC); signed out, Sign In, which is what a visitor can do here. */
function AccountLink() {
  const { isAuthenticated, isLoading } = useAuth();
  const className = buttonVariants({ variant: 'ghost', size: 'sm' });
  if (isLoading) return null;
  return isAuthenticated ? (
    <a href={LOGOUT_URL} className={className}>
      <LogOut aria-hidden />
      Sign Out
    </a>
  ) : (
    <a href={loginUrl()} onClick={rememberOnboardedSignedOut} className={className}>
      <LogIn aria-hidden />
      Sign In
    </a>
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
          <ExitLink className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            Skip Setup
          </ExitLink>
          <AccountLink />
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
