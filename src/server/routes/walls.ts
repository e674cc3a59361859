import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import {
  LegalWallSchema,
  NearbyLegalWallSchema,
  NearbyWallsQuerySchema,
} from '../../core/schemas/walls.ts';
import { BoundsQuerySchema } from '../../core/schemas/map.ts';
import { PUBLIC } from '../docs.ts';
import { getWall, listWalls, nearbyWalls, wallsInView } from '../services/walls.ts';

/**
 * Legal graffiti walls. Public: where walls are is public information (the seed cites public
 * sources), so these answer without a session, e.g. for the map before sign-in.
 */
const wallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/legal-walls',
    {
      schema: {
        operationId: 'listLegalWalls',
        security: PUBLIC,
        summary: 'All legal walls, by name ignoring case (public, no sign-in needed)',
        tags: ['legal-walls'],
        response: { 200: z.array(LegalWallSchema) },
      },
    },
    async () => listWalls(db),
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
      return nearbyWalls(db, { latitude, longitude }, radius);
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
    async (request) => wallsInView(db, request.query),
  );

  app.get(
    '/api/legal-walls/:id',
    {
      schema: {
        operationId: 'getLegalWall',
        security: PUBLIC,
        summary: 'One legal wall, for the map info window (public, no sign-in needed)',
        tags: ['legal-walls'],
        params: IdParamsSchema,
        response: { 200: LegalWallSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => getWall(db, request.params.id),
  );
};

export default wallRoutes;
