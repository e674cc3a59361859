import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EndedSessionsSchema,
  SessionParamsSchema,
  SessionSchema,
} from '../../core/schemas/account.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { clearSessionCookie, requireUser } from '../auth/session-cookie.ts';
import { endOtherSessions, endSession, hashSessionId, listSessions } from '../auth/sessions.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { notFound } from '../errors.ts';

const tags = ['profile'];

/**
 * Your sessions (docs/decisions/032): where the account is signed in, and ending any of them.
 * An ended session is refused at its next request: here at once, on other app processes as
 * soon as the database's change notification arrives (docs/decisions/028).
 */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  const currentHash = (sessionId: string | null) => (sessionId ? hashSessionId(sessionId) : null);

  app.get(
    '/api/profile/sessions',
    {
      schema: {
        operationId: 'listMySessions',
        security: SIGNED_IN,
        summary: 'Where your account is signed in, most recently seen first',
        tags,
        response: { 200: z.array(SessionSchema), 401: ErrorSchema },
      },
    },
    async (request) => {
      // Marks still waiting for their batch are written first: the list says "now" for this one.
      await app.lastSeen.flush();
      const rows = await listSessions(db, requireUser(request).id, currentHash(request.sessionId));
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      schema: {
        operationId: 'endMySession',
        security: SIGNED_IN,
        summary: 'Sign out one of your sessions (204); ending this one signs you out here',
        tags,
        params: SessionParamsSchema,
        response: {
          204: z.null(),
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema.describe('You have no session with this id'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const ended = await endSession(db, user.id, request.params.id);
      if (!ended) throw notFound('Session not found');
      if (ended === currentHash(request.sessionId)) clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/profile/sessions/end-others',
    {
      schema: {
        operationId: 'endMyOtherSessions',
        security: SIGNED_IN,
        summary: 'Sign out every session of your account but this one; says how many ended',
        tags,
        response: { 200: EndedSessionsSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { ended: await endOtherSessions(db, user.id, currentHash(request.sessionId)) };
    },
  );
};

export default sessionRoutes;
