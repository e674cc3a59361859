import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import {
  ConfirmWallSchema,
  ConfirmedWallSchema,
  LegalWallSchema,
  NearbyLegalWallSchema,
  NearbyWallsQuerySchema,
  ProposeWallSchema,
  ReportWallSchema,
  WALL_PAGE_MAX,
  WALL_PAGE_SIZE,
  WallDetailSchema,
  WallListPageSchema,
  WallListQuerySchema,
} from '../../core/schemas/walls.ts';
import { BoundsQuerySchema } from '../../core/schemas/map.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { PUBLIC, SIGNED_IN } from '../http/docs.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { confirmWall, proposeWall, reportWall } from '../services/wall-changes.ts';
import { confirmationsStaleAt } from '../services/wall-players.ts';
import { listWallPage } from '../services/wall-list.ts';
import { getWallDetail, nearbyWalls, wallsInView } from '../services/walls.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

/** What a confirmation or a report may be refused with. */
const wallWriteErrors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema.describe('The player has not logged a visit to this wall'),
  404: ErrorSchema,
  409: ErrorSchema.describe('The wall is closed, or the player already said this'),
  429: ErrorSchema,
};

/**
 * Legal graffiti walls. Reads are public: where walls are is public information (every wall
 * names its source), so they answer without a session, e.g. for the map before sign-in.
 * Proposals, confirmations and reports need a session (401 before the input is looked at)
 * and count against writesPerUser (docs/decisions/026-walls-reports-moderation.md).
 */
const wallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rule = config.established;
  // The first page, the same for everyone signed in or not, is kept: built once per change
  // from about a page of rows, whatever the catalogue's size. Other pages are read as asked.
  const firstPage = new AnswerCache(app.changeFeed, {
    topics: ['walls'],
    schema: WallListPageSchema,
    build: async () => {
      const page = await listWallPage(db, rule, { limit: WALL_PAGE_SIZE });
      const ids = page.items.map((w) => w.id);
      return { staleAt: await confirmationsStaleAt(db, ids, rule), value: page };
    },
  });
  app.fastReads.answers('/api/legal-walls', () => firstPage.peek('first'));

  app.get(
    '/api/legal-walls',
    {
      schema: {
        operationId: 'listLegalWalls',
        security: PUBLIC,
        summary:
          `Open legal walls a page at a time (limit 1-${WALL_PAGE_MAX}, default ${WALL_PAGE_SIZE}): ` +
          'by name ignoring case, or closest first given latitude and longitude (each with ' +
          'distanceKm); q keeps those whose name or city holds it, ignoring case and accents; ' +
          'pass ?cursor=<nextCursor of the previous page>, with the same q and point, for the ' +
          'next page (public, no sign-in needed)',
        tags: ['legal-walls'],
        querystring: WallListQuerySchema,
        response: { 200: WallListPageSchema, 304: NOT_MODIFIED, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { q, latitude, cursor, limit } = request.query;
      if (!q && latitude === undefined && !cursor && limit === WALL_PAGE_SIZE) {
        return sendAnswer(request, reply, await firstPage.get('first'));
      }
      return listWallPage(db, rule, request.query);
    },
  );

  app.get(
    '/api/legal-walls/nearby',
    {
      schema: {
        operationId: 'listNearbyLegalWalls',
        security: PUBLIC,
        summary:
          'Legal walls within radius km (default 10, max 500), closest first, at most 500 ' +
          '(public, no sign-in needed)',
        tags: ['legal-walls'],
        querystring: NearbyWallsQuerySchema,
        response: { 200: z.array(NearbyLegalWallSchema), 400: ErrorSchema },
      },
    },
    async (request) => {
      const { latitude, longitude, radius } = request.query;
      return nearbyWalls(db, { latitude, longitude }, radius, rule);
    },
  );

  app.get(
    '/api/legal-walls/in-view',
    {
      schema: {
        operationId: 'listLegalWallsInView',
        security: PUBLIC,
        summary:
          'Legal walls inside the visible map box (west > east crosses the antimeridian), ' +
          'at most 1000 (public, no sign-in needed)',
        tags: ['legal-walls'],
        querystring: BoundsQuerySchema,
        response: { 200: z.array(LegalWallSchema), 400: ErrorSchema },
      },
    },
    async (request) => wallsInView(db, request.query, rule),
  );

  app.get(
    '/api/legal-walls/:id',
    {
      schema: {
        operationId: 'getLegalWall',
        security: PUBLIC,
        summary:
          'One legal wall for its panel, closed ones included: its newest confirmations and, ' +
          'signed in, what the player may do (public, no sign-in needed)',
        tags: ['legal-walls'],
        params: IdParamsSchema,
        response: { 200: WallDetailSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => getWallDetail(db, request.params.id, request.user?.id ?? null, rule),
  );

  app.post(
    '/api/legal-walls',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'proposeLegalWall',
        security: SIGNED_IN,
        summary:
          'Propose a legal wall with a photo you uploaded (201); it is unverified until three ' +
          'established players confirm it. 409 within 50 m of a wall that is not closed.',
        tags: ['legal-walls'],
        body: ProposeWallSchema,
        response: {
          201: WallDetailSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          409: ErrorSchema.describe('A wall is already mapped within 50 m'),
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await proposeWall(db, rule, user.id, request.body));
    },
  );

  app.post(
    '/api/legal-walls/:id/confirmations',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'confirmLegalWall',
        security: SIGNED_IN,
        summary:
          '"Painted here legally on <date>" (201), optionally with a photo, by a player who ' +
          'logged a visit (a documented discovery within 200 m, or its proposer); once per day painted',
        tags: ['legal-walls'],
        params: IdParamsSchema,
        body: ConfirmWallSchema,
        response: { 201: ConfirmedWallSchema, ...wallWriteErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const { id } = request.params;
      return reply.code(201).send(await confirmWall(db, rule, user.id, id, request.body));
    },
  );

  app.post(
    '/api/legal-walls/:id/reports',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'reportLegalWall',
        security: SIGNED_IN,
        summary:
          'Report a wall closed, not legal, private property or gone (201), by a player who ' +
          'logged a visit; one open report per player; two players dispute the wall',
        tags: ['legal-walls'],
        params: IdParamsSchema,
        body: ReportWallSchema,
        response: { 201: WallDetailSchema, ...wallWriteErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      const { id } = request.params;
      return reply.code(201).send(await reportWall(db, rule, user.id, id, request.body));
    },
  );
};

export default wallRoutes;
