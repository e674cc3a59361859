import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  AuditPageSchema,
  AuditQuerySchema,
  ModerationActionInputSchema,
  ModerationActionResultSchema,
  ModerationQueuesSchema,
} from '../../core/schemas/moderation.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { staffOnly } from '../auth/staff.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { takeAction } from '../services/moderation.ts';
import { getQueues, listAuditLog } from '../services/moderation-queues.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

const tags = ['moderation'];
const refused = { 401: ErrorSchema, 403: ErrorSchema };

/** The moderation page's API, for moderators and admins only (docs/decisions/026). */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('preValidation', staffOnly);

  app.get(
    '/api/moderation/queues',
    {
      schema: {
        operationId: 'getModerationQueues',
        security: SIGNED_IN,
        summary:
          'Open reports grouped by what they report (most reported first), logs held by fair play, walls unverified or disputed with their open reports, and new accounts made from a suspended account’s host; staff only',
        tags,
        response: { 200: ModerationQueuesSchema, ...refused },
      },
    },
    async () => getQueues(db),
  );

  app.get(
    '/api/moderation/actions',
    {
      schema: {
        operationId: 'listModerationActions',
        security: SIGNED_IN,
        summary:
          'The audit log, newest first, 50 per page; pass ?before=<id of the last entry> for the next page; staff only',
        tags,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorSchema, ...refused },
      },
    },
    async (request) => listAuditLog(db, request.query.before),
  );

  app.post(
    '/api/moderation/actions',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'takeModerationAction',
        security: SIGNED_IN,
        summary:
          'Hide or restore content (resolving its reports), verify or close a wall, release or void a held log, suspend a player for 1 to 365 days (resolving their account flags) or lift a suspension, clear a new account’s flags; a reason is required and the action is written to the audit log; answers 201 with the log entry',
        tags,
        body: ModerationActionInputSchema,
        response: {
          201: ModerationActionResultSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          ...refused,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ entry: await takeAction(db, requireUser(request), request.body) }),
  );
};

export default moderationRoutes;
