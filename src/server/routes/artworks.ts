import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArtworkSchema,
  ArtworkWaypointsQuerySchema,
  ArtworkWaypointsSchema,
  ArtworksInViewSchema,
  ArtworksInViewQuerySchema,
  CreateLogSchema,
  CreatedLogSchema,
  MatchQuerySchema,
  HeatPointsSchema,
  MatchesSchema,
  MyLogPointsSchema,
  NearbyArtworksSchema,
  PRO_FILTERS,
  PRO_LAYERS_ONLY,
} from '../../core/schemas/artworks.ts';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import { BoundsQuerySchema } from '../../core/schemas/map.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { sendCompressedJson } from '../http/compress.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { forbidden } from '../errors.ts';
import { artworksNear, findMatches } from '../services/artwork-match.ts';
import {
  artworkWaypoints,
  artworksInViewJson,
  heatPointsJson,
  myLogPointsJson,
} from '../services/artwork-map.ts';
import { createLog, getArtwork } from '../services/artworks.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { isPro } from '../services/users.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

export const PRO_FILTERS_ONLY = 'Advanced map filters are part of Pro.';

/** The player, once their query's filters are theirs to use: the Pro ones are Pro's. */
function requireFilters(
  query: Partial<Record<(typeof PRO_FILTERS)[number], unknown>>,
  user: SessionUser,
): SessionUser {
  if (!isPro(user) && PRO_FILTERS.some((f) => query[f] !== undefined)) {
    throw forbidden(PRO_FILTERS_ONLY);
  }
  return user;
}

/**
 * Artworks: one record per piece, logged by every player who finds it
 * (docs/decisions/021-artworks-and-logs.md). Every route needs a session.
 */
const artworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  app.addHook('preValidation', signedInOnly);

  app.post(
    '/api/artworks/matches',
    {
      schema: {
        operationId: 'matchArtworks',
        security: SIGNED_IN,
        summary:
          'Artworks within 30 m of the pin whose photos look like this uploaded photo, most ' +
          'alike first ("Is this the same piece?"). The photo must be one this player uploaded.',
        tags: ['artworks'],
        body: MatchQuerySchema,
        response: { 200: MatchesSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => findMatches(db, requireUser(request).id, request.body),
  );

  app.get(
    '/api/artworks/in-view',
    {
      schema: {
        operationId: 'listArtworksInView',
        security: SIGNED_IN,
        summary:
          'Artworks inside the visible map box at a map zoom (answer version 2): while more ' +
          'than 1,000 are in view, clusters [latitude, longitude, pieces] on a grid of 64 px ' +
          "cells at that zoom, each at its members' mean; else the pieces, [id, latitude, " +
          'longitude, coverImageUrl, emojiPin, status, lastSeenAt epoch seconds], last seen ' +
          'first. Filtering by status is free; seenWithinDays, hasPhoto and loggedByMe are Pro ' +
          '(403 otherwise), and clusters under them count at most 20,000 pieces (truncated).',
        tags: ['artworks'],
        querystring: ArtworksInViewQuerySchema,
        response: {
          200: ArtworksInViewSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireFilters(request.query, requireUser(request));
      return sendCompressedJson(
        request,
        reply,
        await artworksInViewJson(db, request.query, user.id),
      );
    },
  );

  app.get(
    '/api/artworks/waypoints',
    {
      schema: {
        operationId: 'listArtworkWaypoints',
        security: SIGNED_IN,
        summary:
          'The artworks inside the visible map box with their titles, artists, status and ' +
          'whether the player found them, for a GPX export: never clustered, the 1,000 seen ' +
          'most recently (truncated says the box holds more). Filters as in-view: status is ' +
          'free, seenWithinDays, hasPhoto and loggedByMe are Pro (403 otherwise).',
        tags: ['artworks'],
        querystring: ArtworkWaypointsQuerySchema,
        response: {
          200: ArtworkWaypointsSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireFilters(request.query, requireUser(request));
      return artworkWaypoints(db, request.query, user.id);
    },
  );

  app.get(
    '/api/artworks/heat',
    {
      schema: {
        operationId: 'listArtworkHeat',
        security: SIGNED_IN,
        summary:
          'Pro layer: artworks inside the visible map box logged in the last 30 days, as ' +
          '[latitude, longitude, logs] each, most logged first. Only places and counts: no ' +
          'player, no time. 403 for players without Pro.',
        tags: ['artworks'],
        querystring: BoundsQuerySchema,
        response: {
          200: HeatPointsSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!isPro(requireUser(request))) throw forbidden(PRO_LAYERS_ONLY);
      return sendCompressedJson(request, reply, await heatPointsJson(db, request.query));
    },
  );

  app.get(
    '/api/artworks/my-logs',
    {
      schema: {
        operationId: 'listMyArtworkLogs',
        security: SIGNED_IN,
        summary:
          "Pro layer: the player's own logs inside the visible map box, the newest per " +
          'artwork, as [artworkId, latitude, longitude, kind, createdAt epoch seconds, ' +
          'pendingReview]. 403 for players without Pro.',
        tags: ['artworks'],
        querystring: BoundsQuerySchema,
        response: {
          200: MyLogPointsSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!isPro(user)) throw forbidden(PRO_LAYERS_ONLY);
      return sendCompressedJson(request, reply, await myLogPointsJson(db, request.query, user.id));
    },
  );

  app.get(
    '/api/artworks/:id',
    {
      schema: {
        operationId: 'showArtwork',
        security: SIGNED_IN,
        summary:
          "One artwork: its first finder's description, status, last seen, first finder, photo " +
          "timeline (newest first), finders and logs, each find with its finder's note",
        tags: ['artworks'],
        params: IdParamsSchema,
        response: { 200: ArtworkSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => getArtwork(db, request.params.id, requireUser(request).id),
  );

  app.get(
    '/api/artworks/:id/nearby',
    {
      schema: {
        operationId: 'listArtworksNearArtwork',
        security: SIGNED_IN,
        summary:
          'The other artworks within 200 m of this one, closest first (at most 20): the pieces ' +
          'a painted-over report may name as the newer one',
        tags: ['artworks'],
        params: IdParamsSchema,
        response: {
          200: NearbyArtworksSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => artworksNear(db, request.params.id, requireUser(request).id),
  );

  app.post(
    '/api/artworks/:id/logs',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'logArtwork',
        security: SIGNED_IN,
        summary:
          'Log an artwork (201): found (photo required, a note optional; pays 20 for a first ' +
          'find of a piece another player logged first, and the first finder 5), gone, or ' +
          'painted_over by newArtworkId. One log of each kind per player per artwork per day ' +
          '(409). The pin must be within 200 m. Logs the fair-play checks flag pay nothing ' +
          'until reviewed.',
        tags: ['artworks'],
        params: IdParamsSchema,
        body: CreateLogSchema,
        response: {
          201: CreatedLogSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createLog(db, user, request.params.id, request.body));
    },
  );
};

export default artworkRoutes;
