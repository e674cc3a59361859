import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  InboxPageSchema,
  InboxQuerySchema,
  InboxUnreadSchema,
  MarkInboxReadSchema,
} from '../../core/schemas/inbox.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { inboxUnread, listInbox, markInboxRead } from '../services/inbox.ts';

const tags = ['inbox'];

/** The player's inbox: what was paid, held, released, and who found their pieces. Private. */
const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/inbox',
    {
      schema: {
        operationId: 'listInbox',
        security: SIGNED_IN,
        summary:
          'Your inbox a page at a time, newest first (limit 1-100, default 30); pass ' +
          '?before=<nextBefore> for the next page',
        tags,
        querystring: InboxQuerySchema,
        response: { 200: InboxPageSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => listInbox(db, requireUser(request).id, request.query),
  );

  app.get(
    '/api/inbox/unread',
    {
      schema: {
        operationId: 'inboxUnread',
        security: SIGNED_IN,
        summary: 'How many inbox items are unread, and the newest unread news from others',
        tags,
        response: { 200: InboxUnreadSchema, 401: ErrorSchema },
      },
    },
    async (request) => inboxUnread(db, requireUser(request).id),
  );

  app.post(
    '/api/inbox/read',
    {
      schema: {
        operationId: 'markInboxRead',
        security: SIGNED_IN,
        summary: 'Mark your inbox read up to and including an item; later items stay unread',
        tags,
        body: MarkInboxReadSchema,
        response: { 200: InboxUnreadSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => markInboxRead(db, requireUser(request).id, request.body.upTo),
  );
};

export default inboxRoutes;
