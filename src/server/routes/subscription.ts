import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { SubscriptionSetupSchema } from '../../core/schemas/config.ts';
import { requireUser } from '../auth/plugin.ts';
import { serviceUnavailable } from '../errors.ts';

export const PAYMENTS_OFF_MESSAGE =
  'Payments are not configured on this server. You can keep playing in demo mode.';

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/get-or-create-subscription',
    {
      schema: {
        summary: "Create or reuse the player's Pro subscription and return its client secret",
        tags: ['subscription'],
        response: { 200: SubscriptionSetupSchema, 401: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (request) => {
      requireUser(request);
      // Demo mode: no payment provider is connected, so no client secret can be issued.
      throw serviceUnavailable(PAYMENTS_OFF_MESSAGE);
    },
  );
};

export default subscriptionRoutes;
