import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AreaContentsSchema, AreaQuerySchema } from '../../core/schemas/area.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { areaContents } from '../services/area.ts';

/**
 * An area of the map to take offline (docs/decisions/037-saved-areas.md). Signed-in only: the
 * missions in it are the player's (whether they completed each), and saved areas are theirs.
 */
const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/area',
    {
      schema: {
        operationId: 'getAreaContents',
        security: SIGNED_IN,
        summary:
          'The open legal walls, visible artworks (as map points) and running missions with a ' +
          'target within radius km (at most 5) of a point, to save for offline use',
        tags: ['map'],
        querystring: AreaQuerySchema,
        response: { 200: AreaContentsSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => areaContents(db, request.query, requireUser(request).id, config.established),
  );
};

export default areaRoutes;
