import { CreditCard, Info, Lock } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../ui/button.tsx';

/** SPEC §2 / §8: shown in the payment area when no client secret was obtained. */
export const PAYMENT_FORM_UNAVAILABLE = 'Unable to load payment form. Please try again later.';

/**
 * The payment area of /subscribe. The card form itself (Stripe Payment Element) arrives in a
 * later change; until a payment library is mounted and ready, submitting does nothing and the
 * button stays disabled (SPEC §5: the payment form does nothing if the library is not ready).
 */
export function PaymentPanel({
  clientSecret,
  paymentsEnabled,
  paymentReady = false,
}: {
  clientSecret: string | null;
  paymentsEnabled: boolean | undefined;
  /** True once a payment library and its card element are mounted (none in this build). */
  paymentReady?: boolean;
}) {
  const ready = paymentReady && clientSecret !== null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Confirming the payment with the provider comes with the Payment Element.
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby="payment-title"
      className="grid gap-4 rounded-2xl border border-line bg-brick/90 p-4 sm:p-5"
    >
      <div className="flex items-center gap-2">
        <CreditCard className="size-5 text-neon-pink" aria-hidden />
        <h3 id="payment-title" className="font-display text-lg">
          Payment
        </h3>
      </div>

      <div
        data-testid="payment-area"
        className="grid min-h-28 place-items-center rounded-xl border border-dashed border-line bg-wall/70 p-4 text-center"
      >
        {clientSecret ? (
          <p className="text-sm text-smoke" role="status">
            Preparing the secure card form…
          </p>
        ) : (
          <p role="alert" className="font-semibold text-rose-100">
            {PAYMENT_FORM_UNAVAILABLE}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" disabled={!ready} className="w-full">
        <Lock aria-hidden />
        Subscribe to Pro
      </Button>

      {paymentsEnabled === false && (
        <p className="flex gap-2 rounded-xl bg-neon-cyan/10 p-3 text-sm text-cyan-50">
          <Info className="mt-0.5 size-4 shrink-0 text-neon-cyan" aria-hidden />
          <span>
            <strong>Demo mode:</strong> payments are switched off on this server. StreetScope is
            fully playable without Pro: keep exploring, pinning art and earning Spray Coins.
          </span>
        </p>
      )}
    </form>
  );
}
