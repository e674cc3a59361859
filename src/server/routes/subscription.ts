import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { SubscriptionSetupSchema } from '../../core/schemas/config.ts';
import { PortalSessionSchema, SubscriptionStatusSchema } from '../../core/schemas/subscription.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { serviceUnavailable } from '../errors.ts';
import { stripeClientFor, stripeErrors } from '../payments/stripe.ts';
import {
  createPortalSession,
  getOrCreateSubscription,
  providerFailed,
  subscriptionStatus,
} from '../services/subscriptions.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';

export const PAYMENTS_OFF_MESSAGE =
  'Payments are not configured on this server. You can keep playing in demo mode.';

const tags = ['subscription'];

/** A Stripe failure is logged in full and answered 502 without its details. */
async function callStripe<T>(log: FastifyBaseLogger, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof (await stripeErrors()).StripeError) {
      log.error({ err, stripeRequestId: err.requestId, code: err.code }, 'Stripe request failed');
      throw providerFailed();
    }
    throw err;
  }
}

/** Pro: the subscription, its status and the customer portal (the webhook is stripe-webhook.ts). */
const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  const payments = async () => {
    if (!config.stripe) throw serviceUnavailable(PAYMENTS_OFF_MESSAGE);
    return { stripe: await stripeClientFor(config.stripe), stripeConfig: config.stripe };
  };

  app.post(
    '/api/get-or-create-subscription',
    {
      schema: {
        operationId: 'getOrCreateSubscription',
        security: SIGNED_IN,
        summary: "Create or reuse the player's Pro subscription and return its client secret",
        description:
          'One subscription per player, created with payment_behavior default_incomplete; the ' +
          "client secret is that of its first invoice's payment. 409 when the player already has " +
          'an ongoing subscription (manage it through the portal); 503 in demo mode.',
        tags,
        response: {
          200: SubscriptionSetupSchema,
          401: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { stripe, stripeConfig } = await payments();
      await enforceWriteLimit(db, config, user.id);
      return callStripe(request.log, () => getOrCreateSubscription(db, stripe, stripeConfig, user));
    },
  );

  app.get(
    '/api/subscription',
    {
      schema: {
        operationId: 'getSubscription',
        security: SIGNED_IN,
        summary: "The player's Pro status, period end and what their tier unlocks",
        tags,
        response: { 200: SubscriptionStatusSchema, 401: ErrorSchema },
      },
    },
    async (request) => subscriptionStatus(db, requireUser(request), config.stripe !== null),
  );

  app.post(
    '/api/subscription/portal',
    {
      schema: {
        operationId: 'createPortalSession',
        security: SIGNED_IN,
        summary: 'Open a Stripe customer portal session to manage or cancel Pro',
        tags,
        response: {
          200: PortalSessionSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { stripe } = await payments();
      await enforceWriteLimit(db, config, user.id);
      return callStripe(request.log, () => createPortalSession(db, stripe, config.publicUrl, user));
    },
  );
};

export default subscriptionRoutes;
