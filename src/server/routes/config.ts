import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FALLBACK_LOCATION } from '../../core/constants.ts';
import { PublicConfigSchema } from '../../core/schemas/config.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../cached-answers.ts';
import { PUBLIC } from '../docs.ts';
import { publicBasemap } from '../services/basemap.ts';

/** How often a basemap archive on disk is looked at again (it may be replaced while running). */
const ARCHIVE_RECHECK_MS = 10_000;

/** The whitelist of configuration the browser may read, so one build runs everywhere. */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const answer = new AnswerCache(app.changeFeed, {
    topics: [],
    schema: PublicConfigSchema,
    build: async () => ({
      staleAt:
        config.basemap && !('url' in config.basemap.archive)
          ? new Date(Date.now() + ARCHIVE_RECHECK_MS)
          : null,
      value: {
        auth: { mode: 'local' as const, loginUrl: '/api/login', logoutUrl: '/api/logout' },
        payments: {
          enabled: config.stripe !== null,
          publishableKey: config.stripe?.publishableKey ?? null,
        },
        defaultLocation: { ...FALLBACK_LOCATION },
        trailer: { youtubeId: config.trailerYoutubeId },
        map: { ...config.mapSources, basemap: await publicBasemap(config.basemap) },
      },
    }),
  });
  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getConfig',
        security: PUBLIC,
        summary: 'Public runtime configuration for the web client',
        tags: ['config'],
        response: { 200: PublicConfigSchema, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await answer.get('all')),
  );
};

export default configRoutes;
