import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { badRequest, notFound, serviceUnavailable } from '../errors.ts';
import { stripeClientFor, stripeErrors } from '../payments/stripe.ts';
import { isWellFormedEvent } from '../payments/event-shape.ts';
import { handleStripeEvent } from '../services/stripe-webhook.ts';

/**
 * POST /api/stripe/webhook. Stripe signs the exact bytes it sends, so this plugin (and only this
 * one: Fastify encapsulates parsers per plugin) keeps JSON bodies raw until the signature is
 * checked. It is exempt from the same-origin check (src/server/http/auth-plugin.ts): the signature
 * is its authentication.
 */
const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1_048_576 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        operationId: 'receiveStripeEvent',
        summary: 'Stripe webhook: invoice.paid and customer.subscription.* keep Pro status right',
        description:
          'Verified with STRIPE_WEBHOOK_SECRET on the raw body (default 5-minute tolerance). ' +
          'Each event id is handled once; events may arrive in any order.',
        tags: ['subscription'],
        security: [{ stripeSignature: [] }],
        consumes: ['application/json'],
        response: {
          200: z.object({
            received: z.literal(true),
            outcome: z.string().describe('applied, duplicate or ignored'),
          }),
          400: ErrorSchema.describe('Not a Stripe event with a valid signature'),
          404: ErrorSchema.describe('Payments are not configured on this server'),
          413: ErrorSchema.describe('Over 1 MiB'),
          415: ErrorSchema.describe('Not JSON'),
          503: ErrorSchema.describe('STRIPE_WEBHOOK_SECRET is not set'),
        },
      },
    },
    async (request) => {
      // Demo mode has no webhook to deliver to; Stripe keys without a signing secret are a
      // misconfiguration the operator must see (Stripe retries and reports the 503s).
      if (!config.stripe) throw notFound('Payments are not configured on this server.');
      if (!config.stripe.webhookSecret) {
        throw serviceUnavailable('Stripe webhooks are not configured on this server.');
      }
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw badRequest('A signed Stripe event is required.');
      }
      const stripe = await stripeClientFor(config.stripe);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.body,
          signature,
          config.stripe.webhookSecret,
        );
      } catch (err) {
        if (err instanceof (await stripeErrors()).StripeSignatureVerificationError) {
          request.log.warn({ reason: err.message }, 'Stripe webhook signature refused');
          throw badRequest('Invalid Stripe signature.');
        }
        // Signed, but the body is not JSON.
        throw badRequest('The Stripe event is not valid JSON.');
      }
      if (!isWellFormedEvent(event)) throw badRequest('The Stripe event is not well formed.');
      const outcome = await handleStripeEvent(db, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
      return { received: true, outcome };
    },
  );
};

export default stripeWebhookRoutes;
