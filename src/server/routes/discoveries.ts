import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import {
  AddDiscoveryPhotoSchema,
  CreateDiscoverySchema,
  CreateGraffitiSchema,
  CreatedDiscoverySchema,
  MapDiscoverySchema,
  MyDiscoveriesPageSchema,
  MyDiscoveriesQuerySchema,
  NearbyDiscoverySchema,
  NearbyQuerySchema,
  UserDiscoveriesQuerySchema,
  UserDiscoverySchema,
} from '../../core/schemas/discoveries.ts';
import { BoundsQuerySchema, MapPointsSchema } from '../../core/schemas/map.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { sendCompressedJson } from '../http/compress.ts';
import { SIGNED_IN } from '../http/docs.ts';
import {
  createDiscovery,
  createGraffiti,
  listUserDiscoveries,
  nearbyDiscoveries,
} from '../services/discoveries.ts';
import { addDiscoveryPhoto } from '../services/discovery-photo.ts';
import { discoveryPointsJson, getMapDiscovery } from '../services/discovery-map.ts';
import { listMyDiscoveriesPage } from '../services/my-discoveries.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

const createResponses = {
  201: CreatedDiscoverySchema,
  400: ErrorSchema,
  401: ErrorSchema,
  409: ErrorSchema.describe('This photo has already been documented'),
  429: ErrorSchema,
};

/**
 * Discoveries. Every route needs a session (401 first, before the input is looked at).
 * Creates answer 201 with the stored record, the tokens the server awarded (whatever the
 * client sent) and the missions it completed; they count against writesPerUser.
 */
const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.addHook('preValidation', signedInOnly);

  app.post(
    '/api/discoveries',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'createDiscovery',
        security: SIGNED_IN,
        summary:
          'Document street art (201). The award is computed by the server: 50 as photographer, ' +
          '150 as artist, x2 for Pro, paid only with a photo of your own (without one it is ' +
          'saved, pays nothing and says awaitingPhoto); client tokensAwarded, address and ' +
          'metadata are ignored.',
        tags: ['discoveries'],
        body: CreateDiscoverySchema,
        response: createResponses,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createDiscovery(db, user, request.body));
    },
  );

  app.post(
    '/api/discoveries/graffiti',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'createGraffiti',
        security: SIGNED_IN,
        summary:
          'Upload a graffiti photo at a map spot (201). Awards 150 tokens (x2 for Pro); the ' +
          'photo must be one this player uploaded; the artist defaults to Unknown.',
        tags: ['discoveries'],
        body: CreateGraffitiSchema,
        response: createResponses,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createGraffiti(db, user, request.body));
    },
  );

  app.put(
    '/api/discoveries/:id/photo',
    {
      schema: {
        operationId: 'addDiscoveryPhoto',
        security: SIGNED_IN,
        summary:
          'Add the photo to a discovery saved without one: it then pays what it would have paid ' +
          '(or is held for review when the photo was taken far from the pin)',
        tags: ['discoveries'],
        params: IdParamsSchema,
        body: AddDiscoveryPhotoSchema,
        response: {
          200: CreatedDiscoverySchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema.describe('No such discovery of yours'),
          409: ErrorSchema.describe('It has a photo already, or this photo is documented'),
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return addDiscoveryPhoto(db, user, request.params.id, request.body.imageUrl);
    },
  );

  app.get(
    '/api/discoveries/user',
    {
      schema: {
        operationId: 'listMyDiscoveries',
        security: SIGNED_IN,
        summary: "The signed-in player's own discoveries, newest first (at most 200)",
        tags: ['discoveries'],
        querystring: UserDiscoveriesQuerySchema,
        response: { 200: z.array(UserDiscoverySchema), 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => listUserDiscoveries(db, requireUser(request).id, request.query.limit),
  );

  app.get(
    '/api/discoveries/mine',
    {
      schema: {
        operationId: 'pageMyDiscoveries',
        security: SIGNED_IN,
        summary:
          "The signed-in player's own discoveries a page at a time, newest first (limit 1-50, " +
          'default 20); pass ?before=<nextBefore of the previous page> for the next page',
        tags: ['discoveries'],
        querystring: MyDiscoveriesQuerySchema,
        response: { 200: MyDiscoveriesPageSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => listMyDiscoveriesPage(db, requireUser(request).id, request.query),
  );

  app.get(
    '/api/discoveries/nearby',
    {
      schema: {
        operationId: 'listNearbyDiscoveries',
        security: SIGNED_IN,
        summary:
          "Every player's discoveries within radius km (default 4, max 50), closest first, " +
          'at most 500; signed in only',
        tags: ['discoveries'],
        querystring: NearbyQuerySchema,
        response: { 200: z.array(NearbyDiscoverySchema), 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const { latitude, longitude, radius } = request.query;
      return nearbyDiscoveries(db, { latitude, longitude }, radius, requireUser(request).id);
    },
  );

  app.get(
    '/api/discoveries/in-view',
    {
      schema: {
        operationId: 'listDiscoveriesInView',
        security: SIGNED_IN,
        summary:
          "Every player's discoveries inside the visible map box, compact for the map: " +
          '[id, latitude, longitude, imageUrl] per point, newest first, at most 100,000 ' +
          '(truncated says when more matched); signed in only',
        tags: ['discoveries'],
        querystring: BoundsQuerySchema,
        response: { 200: MapPointsSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      // Already JSON text of MapPointsSchema: a raw payload skips the response serializer.
      const json = await discoveryPointsJson(db, request.query, requireUser(request).id);
      return sendCompressedJson(request, reply, json);
    },
  );

  app.get(
    '/api/discoveries/:id',
    {
      schema: {
        operationId: 'getDiscovery',
        security: SIGNED_IN,
        summary: 'One discovery as the map shows it to any signed-in player',
        tags: ['discoveries'],
        params: IdParamsSchema,
        response: { 200: MapDiscoverySchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => getMapDiscovery(db, request.params.id, requireUser(request).id),
  );
};

export default discoveryRoutes;
