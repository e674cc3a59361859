import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  AuditPageSchema,
  AuditQuerySchema,
  FlagPageSchema,
  ModerationActionInputSchema,
  ModerationActionResultSchema,
  ModerationQueuesSchema,
  QUEUE_PAGE_SIZE,
  QueuePageQuerySchema,
  ReportPageSchema,
  WallPageSchema,
} from '../../core/schemas/moderation.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { staffOnly } from '../auth/staff.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { takeAction } from '../services/moderation.ts';
import { listAuditLog } from '../services/moderation-audit.ts';
import { flagPage, getQueues, reportPage } from '../services/moderation-queues.ts';
import { wallPage } from '../services/moderation-walls.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

const tags = ['moderation'];
const refused = { 401: ErrorSchema, 403: ErrorSchema };

/** The moderation page's API, for moderators and admins only (docs/decisions/026). */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const rule = app.config.established;
  app.addHook('preValidation', staffOnly);

  app.get(
    '/api/moderation/queues',
    {
      schema: {
        operationId: 'getModerationQueues',
        security: SIGNED_IN,
        summary: `The first page (${QUEUE_PAGE_SIZE} items) of each queue, newest first: open reports grouped by what they report, logs held by fair play, walls players proposed or reported, imported walls not yet confirmed, and new accounts made from a suspended account’s host; each item with its words, place and history; staff only`,
        tags,
        response: { 200: ModerationQueuesSchema, ...refused },
      },
    },
    async () => getQueues(db, rule),
  );

  // The next pages of each queue, by the nextCursor of the page before.
  const pages = [
    {
      url: '/api/moderation/queues/reports',
      operationId: 'listReportQueue',
      summary: 'Open reports grouped by what they report, the newest report first',
      response: ReportPageSchema,
      page: (cursor?: string) => reportPage(db, cursor),
    },
    {
      url: '/api/moderation/queues/flags',
      operationId: 'listHeldLogQueue',
      summary: 'Logs held by the fair-play checks, newest first',
      response: FlagPageSchema,
      page: (cursor?: string) => flagPage(db, cursor),
    },
    {
      url: '/api/moderation/queues/walls',
      operationId: 'listWallQueue',
      summary:
        'Unverified or disputed walls a player proposed or reported, newest proposal or report first',
      response: WallPageSchema,
      page: (cursor?: string) => wallPage(db, rule, false, cursor),
    },
    {
      url: '/api/moderation/queues/imported-walls',
      operationId: 'listImportedWallQueue',
      summary: 'Imported walls waiting for a confirmation nobody reported, newest first',
      response: WallPageSchema,
      page: (cursor?: string) => wallPage(db, rule, true, cursor),
    },
  ] as const;
  for (const { url, operationId, summary, response, page } of pages) {
    app.get(
      url,
      {
        schema: {
          operationId,
          security: SIGNED_IN,
          summary: `${summary}, ${QUEUE_PAGE_SIZE} per page; pass ?cursor=<nextCursor> for the next page; staff only`,
          tags,
          querystring: QueuePageQuerySchema,
          response: { 200: response, 400: ErrorSchema, ...refused },
        },
      },
      async (request) => page(request.query.cursor),
    );
  }

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
          'Hide or restore content or keep it hidden (each resolving its reports; with decisionsSeen, refused when another moderator decided since), verify or close a wall, revoke an artist’s reported verification, release or void a held log or a quest’s held wall visit (release confirms the wall and pays the quest), suspend a player for 1 to 365 days (resolving their account flags) or lift a suspension, clear a new account’s flags; a reason is required and the action is written to the audit log; answers 201 with the log entry',
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
      reply
        .code(201)
        .send({ entry: await takeAction(db, requireUser(request), request.body, rule) }),
  );
};

export default moderationRoutes;
