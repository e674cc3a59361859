import { STRIPE_API_VERSION } from '../src/server/payments/stripe.ts';
import { startStripeStandIn } from '../test/stripe-stand-in.ts';

/**
 * The Stripe API for the browser suite's payments server: the same local stand-in the API tests
 * use, on a fixed port, so subscribing in the browser never leaves the machine.
 */
await startStripeStandIn(STRIPE_API_VERSION, {
  secretKey: process.env.STRIPE_SECRET_KEY,
  port: Number(process.env.STRIPE_PORT),
});
