import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  AchievementSchema,
  ArtworkParamsSchema,
  ArtworkSchema,
  CollectionItemSchema,
  CreateArtworkSchema,
  ProfilePictureSchema,
} from '../../core/schemas/profile.ts';
import { UserSchema } from '../../core/schemas/user.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { getAchievements, getCollection } from '../services/achievements.ts';
import {
  createArtwork,
  listMyArtworks,
  setProfilePicture,
  viewArtwork,
} from '../services/profile.ts';
import { enforceWriteLimit } from '../services/rate-limit.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';

const tags = ['profile'];

/** SPEC §2 Profile: picture, art gallery and achievements (signed-in players only). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  // Signed-in only (SPEC §2): refuse anonymous requests before their input is even validated.
  app.addHook('preValidation', signedInOnly);

  app.put(
    '/api/profile/picture',
    {
      schema: {
        operationId: 'setProfilePicture',
        security: SIGNED_IN,
        summary:
          'Set your profile picture to a photo you uploaded with purpose "profile"; returns the updated user',
        tags,
        body: ProfilePictureSchema,
        response: { 200: UserSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return setProfilePicture(db, user.id, request.body.imageUrl);
    },
  );

  app.get(
    '/api/profile/art',
    {
      schema: {
        operationId: 'listMyArtworks',
        security: SIGNED_IN,
        summary: 'Your art gallery, newest first',
        tags,
        response: { 200: z.array(ArtworkSchema), 401: ErrorSchema },
      },
    },
    async (request) => listMyArtworks(db, requireUser(request).id),
  );

  app.post(
    '/api/profile/art',
    {
      config: IDEMPOTENT,
      schema: {
        operationId: 'createArtwork',
        security: SIGNED_IN,
        summary:
          'Add a piece to your gallery (the photo must be one you uploaded); answers 201 with the artwork',
        tags,
        body: CreateArtworkSchema,
        response: { 201: ArtworkSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceWriteLimit(db, config, user.id);
      return reply.code(201).send(await createArtwork(db, user.id, request.body));
    },
  );

  app.get(
    '/api/profile/art/:id',
    {
      schema: {
        operationId: 'getArtwork',
        security: SIGNED_IN,
        summary:
          'One artwork; galleries are visible to every signed-in player, and each view by someone other than the owner adds one to views',
        tags,
        params: ArtworkParamsSchema,
        response: { 200: ArtworkSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => viewArtwork(db, requireUser(request).id, request.params.id),
  );

  app.get(
    '/api/profile/achievements',
    {
      schema: {
        operationId: 'listAchievements',
        security: SIGNED_IN,
        summary:
          'Your achievements, computed from what you have done (see src/core/achievements.ts)',
        tags,
        response: { 200: z.array(AchievementSchema), 401: ErrorSchema },
      },
    },
    async (request) => getAchievements(db, requireUser(request).id),
  );

  app.get(
    '/api/profile/collection',
    {
      schema: {
        operationId: 'listMyCollection',
        security: SIGNED_IN,
        summary:
          'Your NFT Collection: the starter items and those unlocked by achievements and ' +
          'discoveries, computed from what you have done (see src/core/collection.ts)',
        tags,
        response: { 200: z.array(CollectionItemSchema), 401: ErrorSchema },
      },
    },
    async (request) => getCollection(db, requireUser(request).id),
  );
};

export default profileRoutes;
