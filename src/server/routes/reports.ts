import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { CreateReportSchema, ReportResultSchema } from '../../core/schemas/moderation.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { createReport } from '../services/reports.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

/** Players reporting content (docs/decisions/026-walls-reports-moderation.md). */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.post(
    '/api/reports',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'createReport',
        security: SIGNED_IN,
        summary:
          'Report a photo, artwork, log, forum post or reply, wall, profile, gallery piece, tour, artist page, artist’s verification or credit; once per player per thing. Every report waits for a moderator; reports from two distinct established players (the rule that counts wall confirmations) hide it until then, except content of staff and a verification (only a moderator revokes it). `hidden` says whether this report hid it',
        tags: ['moderation'],
        body: CreateReportSchema,
        response: {
          201: ReportResultSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const result = await createReport(db, user.id, request.body, config.established);
      return reply.code(201).send(result);
    },
  );
};

export default reportRoutes;
