import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AreaLeaderboardQuerySchema,
  AreaLeaderboardSchema,
  ChallengeAreaSchema,
  ChallengeSchema,
  ChallengesQuerySchema,
  ClaimChallengeSchema,
  ClaimedChallengeSchema,
  CreateChallengeAreaSchema,
  CreateChallengeSchema,
} from '../../core/schemas/challenges.ts';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { staffOnly } from '../auth/staff.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';
import { areaLeaderboard } from '../services/area-leaderboard.ts';
import {
  claimChallenge,
  createArea,
  createChallenge,
  getArea,
  listAreas,
  listChallenges,
} from '../services/challenges.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';

const tags = ['challenges'];
const pointOf = (q: { latitude?: number | undefined; longitude?: number | undefined }) =>
  q.latitude !== undefined && q.longitude !== undefined
    ? { latitude: q.latitude, longitude: q.longitude }
    : null;

/**
 * Weekly challenges and area leaderboards (docs/decisions/045-challenges-and-privacy.md), for
 * signed-in players; staff define areas and challenges.
 */
const challengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rule = config.established;
  // Signed-in only: refuse anonymous requests before their input is even validated.
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/challenges',
    {
      schema: {
        operationId: 'listChallenges',
        security: SIGNED_IN,
        summary:
          "This week's challenges with your progress, by area (the 20 areas closest to latitude " +
          'and longitude when given, else by city); a week is Monday 00:00 to Monday 00:00 in ' +
          "the area's time zone",
        tags,
        querystring: ChallengesQuerySchema,
        response: { 200: z.array(ChallengeSchema), 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => listChallenges(db, requireUser(request).id, pointOf(request.query), rule),
  );

  app.get(
    '/api/challenges/areas',
    {
      schema: {
        operationId: 'listChallengeAreas',
        security: SIGNED_IN,
        summary:
          'The areas challenges and weekly leaderboards are kept for, each with its current ' +
          'week; the closest first when latitude and longitude are given',
        tags,
        querystring: ChallengesQuerySchema,
        response: { 200: z.array(ChallengeAreaSchema), 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => listAreas(db, pointOf(request.query)),
  );

  app.get(
    '/api/challenges/areas/:id/leaderboard',
    {
      schema: {
        operationId: 'getAreaLeaderboard',
        security: SIGNED_IN,
        summary:
          "An area's weekly leaderboard (this week, or ?week=<its Monday> for a finished one, as " +
          'kept when it ended): the top 10 by counted finds inside the area, the same count ' +
          'ranked by who reached it first (equal rank when at the same moment), and your own ' +
          'row when you are outside the top',
        tags,
        params: IdParamsSchema,
        querystring: AreaLeaderboardQuerySchema,
        response: {
          200: AreaLeaderboardSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const area = await getArea(db, request.params.id);
      return areaLeaderboard(db, area, requireUser(request).id, request.query.week);
    },
  );

  app.post(
    '/api/challenges/:id/claim',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'claimChallenge',
        security: SIGNED_IN,
        summary:
          "Claim a challenge's reward for a week whose goal you reached (this week unless " +
          'week names a Monday); paid once per player and week (Pro doubles it) and told in ' +
          'the inbox',
        tags,
        params: IdParamsSchema,
        body: ClaimChallengeSchema.nullish(),
        response: {
          200: ClaimedChallengeSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema.describe('The goal is not reached yet, or the reward was claimed'),
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return claimChallenge(db, user, request.params.id, request.body?.week, rule);
    },
  );

  app.post(
    '/api/challenges/areas',
    {
      config: IDEMPOTENT,
      preValidation: staffOnly,
      schema: {
        operationId: 'createChallengeArea',
        security: SIGNED_IN,
        summary:
          'Add an area (201): a circle on the map and the IANA time zone its weeks follow; ' +
          'staff only, audited',
        tags,
        body: CreateChallengeAreaSchema,
        response: {
          201: ChallengeAreaSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema.describe('An area of that name exists in that city'),
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createArea(db, user, request.body));
    },
  );

  app.post(
    '/api/challenges',
    {
      config: IDEMPOTENT,
      preValidation: staffOnly,
      schema: {
        operationId: 'createChallenge',
        security: SIGNED_IN,
        summary:
          'Add a weekly challenge to an area (201): find or confirm `goal` pieces or walls in a ' +
          'week, every week from firstWeek (this week by default) to lastWeek (none: no end); ' +
          'staff only, audited',
        tags,
        body: CreateChallengeSchema,
        response: {
          201: ChallengeSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createChallenge(db, user, request.body, rule));
    },
  );
};

export default challengeRoutes;
