import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import {
  PushDeviceSchema,
  PushSettingsSchema,
  PushSubscribeSchema,
  PushTopicParamsSchema,
} from '../../core/schemas/push.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import {
  MAX_PUSH_DEVICES,
  PUSH_OFF,
  pushSettings,
  setPushTopic,
  subscribe,
  unsubscribe,
} from '../services/push.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';

const tags = ['inbox'];
const OFF = ErrorSchema.describe(PUSH_OFF);

/**
 * Web Push (docs/decisions/042-push.md): the devices a player turned push on for, and the
 * topics they consent to. Nothing is pushed for a topic that is off.
 */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/push',
    {
      schema: {
        operationId: 'pushSettings',
        security: SIGNED_IN,
        summary:
          "The server's VAPID public key (null when push is off), your topics and your devices",
        tags,
        response: { 200: PushSettingsSchema, 401: ErrorSchema },
      },
    },
    async (request) => pushSettings(db, config, requireUser(request).id),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        operationId: 'subscribePush',
        security: SIGNED_IN,
        summary:
          "Turn push on for this browser: its PushSubscription's endpoint (a push service's " +
          'https URL) and keys. 201 when new, 200 when the endpoint was yours already',
        tags,
        body: PushSubscribeSchema,
        response: {
          200: PushDeviceSchema,
          201: PushDeviceSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          409: ErrorSchema.describe(`You have ${MAX_PUSH_DEVICES} devices already`),
          429: ErrorSchema,
          503: OFF,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const { device, created } = await subscribe(db, config, user.id, request.body);
      return reply.code(created ? 201 : 200).send(device);
    },
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      schema: {
        operationId: 'unsubscribePush',
        security: SIGNED_IN,
        summary: 'Turn push off for one of your devices (204)',
        tags,
        params: IdParamsSchema,
        response: {
          204: z.null(),
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema.describe('You have no device with this id'),
        },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  const topicRoute = (on: boolean) => ({
    schema: {
      operationId: on ? 'pushTopicOn' : 'pushTopicOff',
      security: SIGNED_IN,
      summary: on
        ? 'Consent to push for one topic (idempotent)'
        : 'Withdraw consent to push for one topic (idempotent)',
      tags,
      params: PushTopicParamsSchema,
      response: {
        200: PushSettingsSchema,
        400: ErrorSchema,
        401: ErrorSchema,
        429: ErrorSchema,
        503: OFF,
      },
    },
  });

  app.put('/api/push/topics/:topic', topicRoute(true), async (request) => {
    const user = requireUser(request);
    await enforceWriteLimit(db, config, user.id);
    return setPushTopic(db, config, user.id, request.params.topic, true);
  });

  app.delete('/api/push/topics/:topic', topicRoute(false), async (request) => {
    const user = requireUser(request);
    await enforceWriteLimit(db, config, user.id);
    return setPushTopic(db, config, user.id, request.params.topic, false);
  });
};

export default pushRoutes;
