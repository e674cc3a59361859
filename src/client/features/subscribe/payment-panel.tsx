import { CreditCard, Info, Lock } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LazyBoundary, lazyPart } from '../../components/ui/lazy-boundary.tsx';

/** SPEC §2 / §8: shown in the payment area when no client secret was obtained. */
export const PAYMENT_FORM_UNAVAILABLE = 'Unable to load payment form. Please try again later.';

/** Stripe's Payment Element, fetched (with Stripe.js) only where a payment can happen. */
export const StripeCheckout = lazyPart(() => import('./stripe-checkout.tsx'));

/**
 * The payment area of /subscribe: Stripe's card form for the subscription's first invoice when
 * the server set one up, otherwise (demo mode, a failed setup, Stripe.js blocked) the spec's
 * message and a disabled button. Confirming returns the player to the site origin.
 */
export function PaymentPanel({
  clientSecret,
  publishableKey,
  paymentsEnabled,
}: {
  clientSecret: string | null;
  publishableKey: string | null;
  paymentsEnabled: boolean | undefined;
}) {
  const [stripeBlocked, setStripeBlocked] = useState(false);
  const onUnavailable = useCallback(() => setStripeBlocked(true), []);
  const canPay = clientSecret !== null && publishableKey !== null && !stripeBlocked;

  return (
    <section
      aria-labelledby="payment-title"
      className="grid gap-4 rounded-2xl border border-line bg-brick/90 p-4 sm:p-5"
    >
      <div className="flex items-center gap-2">
        <CreditCard className="size-5 text-neon-pink" aria-hidden />
        <h3 id="payment-title" className="font-display text-lg">
          Payment
        </h3>
      </div>

      {canPay ? (
        <LazyBoundary loading={<Unavailable preparing />}>
          <StripeCheckout
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            submitLabel="Subscribe to Pro"
            redirect="always"
            onUnavailable={onUnavailable}
          />
        </LazyBoundary>
      ) : paymentsEnabled === false ? (
        // Not a failure: this server takes no payments, and says so once.
        <p
          data-testid="payment-area"
          className="flex gap-2 rounded-xl bg-neon-cyan/10 p-3 text-sm text-cyan-50"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-neon-cyan" aria-hidden />
          <span>
            <strong>Demo mode:</strong> payments are switched off on this server. StreetScope is
            fully playable without Pro: keep exploring, pinning art and earning Spray Coins.
          </span>
        </p>
      ) : (
        <Unavailable />
      )}
    </section>
  );
}

/** The payment area without a card form: being prepared, or not available. */
function Unavailable({ preparing = false }: { preparing?: boolean }) {
  return (
    <div className="grid gap-4">
      <div
        data-testid="payment-area"
        className="grid min-h-28 place-items-center rounded-xl border border-dashed border-line bg-wall/70 p-4 text-center"
      >
        {preparing ? (
          <p className="text-sm text-smoke" role="status">
            Preparing the secure card form…
          </p>
        ) : (
          <p role="alert" className="font-semibold text-rose-100">
            {PAYMENT_FORM_UNAVAILABLE}
          </p>
        )}
      </div>
      <Button type="button" size="lg" disabled className="w-full">
        <Lock aria-hidden />
        Subscribe to Pro
      </Button>
    </div>
  );
}
