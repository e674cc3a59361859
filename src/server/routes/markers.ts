import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import { CreateMarkerSchema, MarkerSchema } from '../../core/schemas/markers.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { createMarker, deleteMarker, listMarkers } from '../services/markers.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

/**
 * Custom map markers. Private to their owner: every route needs a session (401 before the
 * input is looked at), and another player's marker answers 404 like a missing one.
 */
const markerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.addHook('preValidation', signedInOnly);

  app.post(
    '/api/markers',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'createMarker',
        security: SIGNED_IN,
        summary: 'Drop a custom marker on the map (201); counts against writesPerUser',
        tags: ['markers'],
        body: CreateMarkerSchema,
        response: { 201: MarkerSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createMarker(db, user.id, request.body));
    },
  );

  app.get(
    '/api/markers',
    {
      schema: {
        operationId: 'listMarkers',
        security: SIGNED_IN,
        summary: "The signed-in player's own markers, newest first (at most 500)",
        tags: ['markers'],
        response: { 200: z.array(MarkerSchema), 401: ErrorSchema },
      },
    },
    async (request) => listMarkers(db, requireUser(request).id),
  );

  app.delete(
    '/api/markers/:id',
    {
      schema: {
        operationId: 'deleteMarker',
        security: SIGNED_IN,
        summary: "Delete one of the player's own markers (204; 404 if missing or not theirs)",
        tags: ['markers'],
        params: IdParamsSchema,
        response: {
          204: z.null(),
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
      await deleteMarker(db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default markerRoutes;
