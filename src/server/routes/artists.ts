import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ArtistSchema } from '../../core/schemas/catalog.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { listArtists } from '../services/catalog.ts';

/** SPEC §2 Artists: the featured-artist catalogue (search is done by the client). */
const artistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const artists = new AnswerCache(app.changeFeed, {
    topics: ['artists'],
    schema: z.array(ArtistSchema),
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
        summary: 'Featured artists, by name',
        tags: ['catalog'],
        response: { 200: z.array(ArtistSchema), 401: ErrorSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => {
      requireUser(request);
      return sendAnswer(request, reply, await artists.get('all'));
    },
  );
};

export default artistRoutes;
