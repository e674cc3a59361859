import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FALLBACK_LOCATION } from '../../core/constants.ts';
import { PublicConfigSchema } from '../../core/schemas/config.ts';
import { PUBLIC } from '../docs.ts';
import { publicBasemap } from '../services/basemap.ts';

/** The whitelist of configuration the browser may read, so one build runs everywhere. */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getConfig',
        security: PUBLIC,
        summary: 'Public runtime configuration for the web client',
        tags: ['config'],
        response: { 200: PublicConfigSchema },
      },
    },
    async () => ({
      auth: { mode: 'local' as const, loginUrl: '/api/login', logoutUrl: '/api/logout' },
      payments: {
        enabled: app.config.stripe !== null,
        publishableKey: app.config.stripe?.publishableKey ?? null,
      },
      defaultLocation: { ...FALLBACK_LOCATION },
      trailer: { youtubeId: app.config.trailerYoutubeId },
      map: { ...app.config.mapSources, basemap: await publicBasemap(app.config.basemap) },
    }),
  );
};

export default configRoutes;
