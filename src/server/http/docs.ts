import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { markOptionalBodies, withAppWideAnswers } from './openapi-transform.ts';

/** `security` of an operation that needs the session cookie: without one it answers 401. */
export const SIGNED_IN = [{ session: [] }];
/** `security` of an operation anyone may call. */
export const PUBLIC = [];

/**
 * OpenAPI at /api/openapi.json, generated from the same zod schemas the routes validate with.
 * Every operation states its `operationId` and `security`; `npm run lint:api` holds the
 * document to Redocly's recommended rules.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: zod's JSON Schema goes in as it is (a 204's z.null() is "no content", not JSON null).
      openapi: '3.1.0',
      info: {
        title: 'StreetScope API',
        description: 'Data API of the StreetScope street-art geocaching game.',
        version: '1.0.0',
        // The package is private and ships no licence: all rights reserved.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'The server this document came from' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(app.config),
            description: 'The HttpOnly session cookie set by sign-in and sign-up.',
          },
          stripeSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Stripe-Signature',
            description: "Stripe's signature of the raw body (STRIPE_WEBHOOK_SECRET).",
          },
        },
      },
    },
    transform: withAppWideAnswers,
    transformObject: markOptionalBodies,
  });
  // Areas folded: some 140 operations unfolded at once stall the page's drawing.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
