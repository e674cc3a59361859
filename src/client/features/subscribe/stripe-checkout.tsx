import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Appearance, type Stripe } from '@stripe/stripe-js';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../hooks/use-toast.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * Stripe's Payment Element for the player's first Pro invoice. This module is the only one that
 * imports Stripe, and it is loaded lazily by /subscribe and onboarding step 2, so Stripe.js is
 * fetched there and nowhere else. The publishable key comes from /api/config at run time.
 */

/** The house colours, so the card form looks like the rest of the app (Stripe's own frames). */
const APPEARANCE: Appearance = {
  theme: 'night',
  variables: {
    colorPrimary: '#ff2d95',
    colorBackground: '#0c0c10',
    colorText: '#f4f4f5',
    colorTextSecondary: '#a1a1aa',
    colorDanger: '#fb7185',
    borderRadius: '12px',
    fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};

export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  submitLabel: string;
  /**
   * 'always': Stripe returns the player to the site origin after confirming (SPEC §3).
   * 'if_required': stay on the page unless the bank needs a redirect (3-D Secure), then onPaid.
   */
  redirect: 'always' | 'if_required';
  /** Called when a payment was confirmed without leaving the page. */
  onPaid?: () => void;
  /** Stripe.js could not be loaded (blocked, offline): the caller shows its fallback. */
  onUnavailable: () => void;
  /** Shown under the button (e.g. the demo-mode alternatives). */
  footer?: ReactNode;
}

export default function StripeCheckout(props: StripeCheckoutProps) {
  const { publishableKey, clientSecret, onUnavailable } = props;
  const [stripe, setStripe] = useState<Stripe | null>(null);

  useEffect(() => {
    let live = true;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!live) return;
        if (loaded) setStripe(loaded);
        else onUnavailable();
      },
      (error: unknown) => {
        if (!live) return;
        console.warn('Stripe.js could not be loaded:', error);
        onUnavailable();
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, onUnavailable]);

  // Until Stripe.js is there, the same form shows with its button disabled.
  if (!stripe) return <Form {...props} stripe={null} elements={null} />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
      <ConnectedForm {...props} />
    </Elements>
  );
}

type FormOptions = Pick<StripeCheckoutProps, 'submitLabel' | 'redirect' | 'onPaid' | 'footer'>;

/** Stripe's hooks work only inside <Elements>. */
function ConnectedForm(props: FormOptions) {
  return <Form {...props} stripe={useStripe()} elements={useElements()} />;
}

type FormProps = FormOptions & {
  stripe: Stripe | null;
  elements: ReturnType<typeof useElements>;
};

function Form({ submitLabel, redirect, onPaid, footer, stripe, elements }: FormProps) {
  const [elementReady, setElementReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const ready = stripe !== null && elements !== null && elementReady;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // SPEC §5: nothing happens until Stripe and its elements are ready (or while paying).
    if (!ready || paying) return;
    setPaying(true);
    const confirmParams = { return_url: window.location.origin };
    const result =
      redirect === 'always'
        ? await stripe.confirmPayment({ elements, confirmParams })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
    if (result.error) {
      toast({
        title: 'Payment Failed',
        description: result.error.message ?? 'Your payment could not be completed.',
        variant: 'destructive',
      });
      setPaying(false);
      return;
    }
    onPaid?.();
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="grid min-w-0 gap-4"
      aria-label="Card payment"
    >
      <div className="grid min-h-28 min-w-0 rounded-xl border border-line bg-wall/70 p-3">
        {elements ? (
          <PaymentElement
            onReady={() => setElementReady(true)}
            options={{ layout: 'tabs', business: { name: 'StreetScope' } }}
          />
        ) : null}
        {!elementReady && (
          <p role="status" className="place-self-center text-sm text-smoke">
            Preparing the secure card form…
          </p>
        )}
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={!ready || paying}
        aria-busy={paying || undefined}
        className="h-auto min-h-13 w-full py-3 text-center whitespace-normal"
      >
        {paying ? <LoaderCircle className="animate-spin" aria-hidden /> : <Lock aria-hidden />}
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
