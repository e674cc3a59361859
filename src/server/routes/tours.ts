import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import {
  TourDeleteSchema,
  TourDetailSchema,
  TourInputSchema,
  TourListQuerySchema,
  TourListSchema,
} from '../../core/schemas/tours.ts';
import { TOUR_LEG_MAX_KM, TOUR_STOPS_MAX, TOUR_STOPS_MIN, WALK_KMH } from '../../core/tours.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { PUBLIC, SIGNED_IN } from '../http/docs.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { TOURS_NEAR_KM, createTour, getTour, listTours, updateTour } from '../services/tours.ts';
import { deleteTour } from '../services/tour-removal.ts';

const STOPS_RULE =
  `${TOUR_STOPS_MIN}-${TOUR_STOPS_MAX} stops in walking order, each an artwork or legal wall ` +
  `on the map, each once, each within ${TOUR_LEG_MAX_KM} km of the one before (400 naming the ` +
  'first that is not)';

/**
 * Walking tours (docs/decisions/044-walking-tours.md). Reads are public, as the walls and
 * artworks they visit are; signed in, they carry the player's progress. Staff and established
 * players make tours; only a tour's author changes it. Reported like any content (POST
 * /api/reports with targetType `tour`).
 */
const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const rule = config.established;

  app.get(
    '/api/tours',
    {
      schema: {
        operationId: 'listTours',
        security: PUBLIC,
        summary:
          'Walking tours: of a city (ignoring case and accents), or with a stop within ' +
          `${TOURS_NEAR_KM} km of latitude and longitude, nearest start first; else all by ` +
          'city. Signed in: how many stops the player found, and whether they may make tours',
        tags: ['tours'],
        querystring: TourListQuerySchema,
        response: { 200: TourListSchema, 400: ErrorSchema },
      },
    },
    async (request) => listTours(db, request.query, request.user, rule),
  );

  app.get(
    '/api/tours/:id',
    {
      schema: {
        operationId: 'getTour',
        security: PUBLIC,
        summary:
          'One walking tour: its stops in order (artworks and walls still on the map), the line ' +
          `through them, its length and walking time (${WALK_KMH} km/h along the lines plus ` +
          '30 % for streets), the datasets and licences of its facts and, signed in, which stops ' +
          'the player found. 404 when hidden after reports, except to its author',
        tags: ['tours'],
        params: IdParamsSchema,
        response: { 200: TourDetailSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => getTour(db, request.params.id, request.user),
  );

  app.post(
    '/api/tours',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'createTour',
        security: SIGNED_IN,
        summary: `Make a walking tour (201): staff and established players only (403). ${STOPS_RULE}`,
        tags: ['tours'],
        body: TourInputSchema,
        response: {
          201: TourDetailSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema.describe('Not staff and not an established player'),
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createTour(db, user, request.body, rule));
    },
  );

  app.put(
    '/api/tours/:id',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'updateTour',
        security: SIGNED_IN,
        summary: `Replace a tour's title, description, city and stops: its author only. ${STOPS_RULE}`,
        tags: ['tours'],
        params: IdParamsSchema,
        body: TourInputSchema,
        response: {
          200: TourDetailSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema.describe('Someone else’s tour'),
          404: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return updateTour(db, user, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/tours/:id',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'deleteTour',
        security: SIGNED_IN,
        summary:
          'Delete a tour (204): its author, or staff, who give a reason that the audit log ' +
          'keeps. Its open reports close with it',
        tags: ['tours'],
        params: IdParamsSchema,
        body: TourDeleteSchema,
        response: {
          204: z.null().describe('Deleted'),
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema.describe('Someone else’s tour, and not staff'),
          404: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      await deleteTour(db, user, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default tourRoutes;
