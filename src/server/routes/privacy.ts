import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeAreaSchema, PrivacySchema } from '../../core/schemas/challenges.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { clearHome, getPrivacy, setHome } from '../services/privacy.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';

const tags = ['profile'];

/**
 * The player's privacy settings (docs/decisions/045-challenges-and-privacy.md): a hidden home,
 * inside which everything they log is shown to nobody else.
 */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/profile/privacy',
    {
      schema: {
        operationId: 'getPrivacy',
        security: SIGNED_IN,
        summary: 'Your hidden home (null when you set none)',
        tags,
        response: { 200: PrivacySchema, 401: ErrorSchema },
      },
    },
    async (request) => getPrivacy(db, requireUser(request).id),
  );

  app.put(
    '/api/profile/privacy/home',
    {
      schema: {
        operationId: 'setHiddenHome',
        security: SIGNED_IN,
        summary:
          'Set or move your hidden home: a point and a radius of 100-2,000 m. Everything you ' +
          'log inside it (finds, photos, reports, wall confirmations) is shown to nobody else, ' +
          'through every read, from now on and for what you logged before',
        tags,
        body: HomeAreaSchema,
        response: { 200: PrivacySchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return setHome(db, user.id, request.body);
    },
  );

  app.delete(
    '/api/profile/privacy/home',
    {
      schema: {
        operationId: 'clearHiddenHome',
        security: SIGNED_IN,
        summary: 'Remove your hidden home: what you logged there is shown again',
        tags,
        response: { 200: PrivacySchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return clearHome(db, user.id);
    },
  );
};

export default privacyRoutes;
