import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FALLBACK_LOCATION } from '../../core/constants.ts';
import { PublicConfigSchema } from '../../core/schemas/config.ts';
import { AnswerCache, NOT_MODIFIED, sendAnswer } from '../http/cached-answers.ts';
import { PUBLIC } from '../http/docs.ts';
import { archiveVersion, publicBasemap } from '../services/basemap.ts';

/** The whitelist of configuration the browser may read, so one build runs everywhere. */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const archive =
    config.basemap && 'file' in config.basemap.archive ? config.basemap.archive : null;
  // A basemap archive on disk may be replaced while running: one answer per version of it.
  const basemapKey = async () => (archive ? ((await archiveVersion(archive.file)) ?? 'gone') : '');
  const answer = new AnswerCache(app.changeFeed, {
    topics: [],
    schema: PublicConfigSchema,
    build: async () => ({
      value: {
        auth: { mode: 'local' as const, loginUrl: '/api/login', logoutUrl: '/api/logout' },
        payments: {
          enabled: config.stripe !== null,
          publishableKey: config.stripe?.publishableKey ?? null,
        },
        defaultLocation: { ...FALLBACK_LOCATION },
        trailer: { youtubeId: config.trailerYoutubeId },
        map: { ...config.mapSources, basemap: await publicBasemap(config.basemap) },
        uploads: {
          multipart: config.multipartUploads,
          providers: {
            dropbox: config.photoProviders.dropbox,
            googleDrive: config.photoProviders.googleDrive,
          },
        },
      },
    }),
  });
  // An archive's version takes a stat: only the answer without one is known without waiting.
  if (!archive) app.fastReads.answers('/api/config', () => answer.peek(''));
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
    async (request, reply) => sendAnswer(request, reply, await answer.get(await basemapKey())),
  );
};

export default configRoutes;
