import { useEffect } from 'react';
import { authKeys } from '../../api/auth.ts';
import { subscriptionKeys } from './subscription-api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../hooks/use-toast.ts';

/** What Stripe appends to the return URL after confirming a payment that left the page. */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

export const PAYMENT_RECEIVED = {
  title: 'Welcome to Pro!',
  description: 'Payment received. Your Pro perks switch on as soon as it is confirmed.',
};

/** Pro is switched on by the webhook, usually within seconds: look again a few times. */
const PRO_RECHECK_MS = [2_000, 6_000, 15_000];

/**
 * After Stripe returns the player to the site origin (SPEC §3: the return URL of 'Subscribe to
 * Pro'), say how the payment went, take Stripe's parameters out of the address (the client
 * secret has no place in history or a shared link) and refresh the player until Pro shows.
 */
export function usePaymentReturn(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const status = url.searchParams.get('redirect_status');
    if (!status) return;
    for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
    if (status === 'succeeded' || status === 'processing') {
      toast(PAYMENT_RECEIVED);
      const timers = PRO_RECHECK_MS.map((ms) =>
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: authKeys.user });
          void queryClient.invalidateQueries({ queryKey: subscriptionKeys.status });
        }, ms),
      );
      return () => timers.forEach(clearTimeout);
    }
    toast({
      title: 'Payment Failed',
      description: 'Your payment did not go through. You have not been charged; please try again.',
      variant: 'destructive',
    });
  }, []);
}
