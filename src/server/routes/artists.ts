import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArtistListItemSchema,
  ArtistProfileSchema,
  ClaimArtistSchema,
  ClaimDecisionSchema,
  ClaimSchema,
  SetVideoSchema,
  VideoViewSchema,
} from '../../core/schemas/artists.ts';
import { ErrorSchema, IdParamsSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { staffOnly } from '../auth/staff.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';
import { claimArtist, decideClaim, pendingClaims } from '../services/artist-claims.ts';
import { setVideo } from '../services/artist-videos.ts';
import { getArtistProfile, listArtists } from '../services/artists.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';

const tags = ['artists'];

/**
 * SPEC §2 Artists: the artist list, each artist's profile built from the map, and claims on a
 * profile with staff's verdict (docs/decisions/049-artists.md).
 */
const artistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const artists = new AnswerCache(app.changeFeed, {
    topics: ['artists'],
    schema: z.array(ArtistListItemSchema),
    build: async () => ({ value: await listArtists(db) }),
  });
  app.fastReads.answers('/api/artists', () => artists.peek('all'));
  // Signed-in only (SPEC §2): refuse anonymous requests before their input is even validated.
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/artists',
    {
      schema: {
        operationId: 'listArtists',
        security: SIGNED_IN,
        summary:
          'Featured artists, by name, each with a photo of one of their confirmed pieces (or null), ' +
          'how many there are and whether the artist has a verified account',
        tags,
        response: { 200: z.array(ArtistListItemSchema), 401: ErrorSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => {
      requireUser(request);
      return sendAnswer(request, reply, await artists.get('all'));
    },
  );

  app.get(
    '/api/artists/:id',
    {
      schema: {
        operationId: 'getArtist',
        security: SIGNED_IN,
        summary:
          'One artist’s profile: their confirmed pieces that are not hidden (standing or gone), ' +
          'players’ photos of them that the viewer may see, the counts, and the viewer’s claim',
        tags,
        params: IdParamsSchema,
        response: {
          200: ArtistProfileSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => getArtistProfile(db, request.params.id, requireUser(request)),
  );

  app.post(
    '/api/artists/:id/claims',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'claimArtist',
        security: SIGNED_IN,
        summary:
          '"This is me" (201): a claim on an artist’s profile with evidence, an https link to an ' +
          'account the artist controls that names StreetScope, or a photo of them with a piece; ' +
          'staff verify or refuse it. 409 when the artist already has a verified account, the ' +
          'player is verified as another artist, or their claim is already waiting',
        tags,
        params: IdParamsSchema,
        body: ClaimArtistSchema,
        response: {
          201: ClaimSchema,
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
      return reply.code(201).send(await claimArtist(db, user, request.params.id, request.body));
    },
  );

  app.put(
    '/api/artists/:id/video',
    {
      schema: {
        operationId: 'setArtistVideo',
        security: SIGNED_IN,
        summary:
          'The verified artist sets the video (a YouTube or Vimeo link) of their profile, or of ' +
          'one of their pieces with artworkId; a new link replaces the old. Pro players play it, ' +
          'others see that it exists. 403 for anyone but the artist’s verified account',
        tags,
        params: IdParamsSchema,
        body: SetVideoSchema,
        response: {
          200: VideoViewSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return setVideo(db, user, request.params.id, request.body);
    },
  );

  app.get(
    '/api/artist-claims',
    {
      preValidation: staffOnly,
      schema: {
        operationId: 'listArtistClaims',
        security: SIGNED_IN,
        summary: 'Claims on artist profiles waiting for staff, oldest first; staff only',
        tags: ['moderation'],
        response: { 200: z.array(ClaimSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => pendingClaims(db),
  );

  app.post(
    '/api/artist-claims/:id/decision',
    {
      config: IDEMPOTENT,
      preValidation: staffOnly,
      schema: {
        operationId: 'decideArtistClaim',
        security: SIGNED_IN,
        summary:
          'Verify or refuse a waiting claim, with a reason, in the audit log; staff only. 409 ' +
          'when it was already decided, or verifying it would give the artist or the player a ' +
          'second verified account',
        tags: ['moderation'],
        params: IdParamsSchema,
        body: ClaimDecisionSchema,
        response: {
          200: ClaimSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { decision, reason } = request.body;
      return decideClaim(db, requireUser(request), request.params.id, decision, reason);
    },
  );
};

export default artistRoutes;
