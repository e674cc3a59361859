import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  CommunityEventSchema,
  CreateForumPostSchema,
  ForumListQuerySchema,
  ForumPostParamsSchema,
  ForumPostSchema,
  ForumRepliesQuerySchema,
  LikeResultSchema,
} from '../../core/schemas/community.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { SIGNED_IN } from '../http/docs.ts';
import {
  createForumPost,
  likePost,
  listEvents,
  listForumPosts,
  nextEventEnd,
  listReplies,
  unlikePost,
} from '../services/community.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

const tags = ['community'];

/** SPEC §2 Community: events and the discussion forum (signed-in players only). */
const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  // Signed-in only (SPEC §2): refuse anonymous requests before their input is even validated.
  app.addHook('preValidation', signedInOnly);
  const eventList = new AnswerCache(app.changeFeed, {
    topics: ['events'],
    schema: z.array(CommunityEventSchema),
    build: async () => ({ staleAt: await nextEventEnd(db), value: await listEvents(db) }),
  });
  app.fastReads.answers('/api/community/events', () => eventList.peek('all'));

  app.get(
    '/api/community/events',
    {
      schema: {
        operationId: 'listEvents',
        security: SIGNED_IN,
        summary:
          'Community events: active, then upcoming, then ended (an event past its end date counts as ended); each by end date, open-ended last',
        tags,
        response: { 200: z.array(CommunityEventSchema), 401: ErrorSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => {
      requireUser(request);
      return sendAnswer(request, reply, await eventList.get('all'));
    },
  );

  app.get(
    '/api/community/forum',
    {
      schema: {
        operationId: 'listForumPosts',
        security: SIGNED_IN,
        summary:
          'Top-level forum posts, newest first, 50 per page; pass ?before=<id of the last post> for the next page',
        tags,
        querystring: ForumListQuerySchema,
        response: { 200: z.array(ForumPostSchema), 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => listForumPosts(db, requireUser(request).id, request.query.before),
  );

  app.get(
    '/api/community/forum/:id/replies',
    {
      schema: {
        operationId: 'listForumReplies',
        security: SIGNED_IN,
        summary:
          'Replies to a post, oldest first, 100 per page; pass ?after=<id of the last reply> for the next page',
        tags,
        params: ForumPostParamsSchema,
        querystring: ForumRepliesQuerySchema,
        response: {
          200: z.array(ForumPostSchema),
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) =>
      listReplies(db, requireUser(request).id, request.params.id, request.query.after),
  );

  app.post(
    '/api/community/forum',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'createForumPost',
        security: SIGNED_IN,
        summary:
          'Write a post, or a reply to a top-level post with parentId (one level deep); answers 201 with the created post',
        tags,
        body: CreateForumPostSchema,
        response: {
          201: ForumPostSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createForumPost(db, user, request.body));
    },
  );

  const likeSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags,
    security: SIGNED_IN,
    params: ForumPostParamsSchema,
    response: {
      200: LikeResultSchema,
      400: ErrorSchema,
      401: ErrorSchema,
      404: ErrorSchema,
      429: ErrorSchema,
    },
  });

  app.post(
    '/api/community/forum/:id/like',
    {
      schema: likeSchema(
        'likeForumPost',
        'Like a post (one like per player; liking again changes nothing)',
      ),
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return likePost(db, user.id, request.params.id);
    },
  );

  app.delete(
    '/api/community/forum/:id/like',
    {
      schema: likeSchema('unlikeForumPost', 'Remove your like from a post (no-op when not liked)'),
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return unlikePost(db, user.id, request.params.id);
    },
  );
};

export default communityRoutes;
