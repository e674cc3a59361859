import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authPlugin } from './auth/plugin.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { HttpError } from './errors.ts';
import { registerDocs } from './docs.ts';
import { assertCleanInput } from './input-checks.ts';
import { mapOrigins } from './map-sources.ts';
import { registerRoutes } from './routes/index.ts';
import { registerClient } from './static.ts';
import { createObjectStore, uploadOrigin } from './storage/index.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "Invalid body field 'name': Too small…" — the 400 names the bad field (DESIGN API conventions). */
function validationMessage(err: FastifyError): { message: string; field: string | null } {
  const issue = (err.validation?.[0] ?? {}) as ValidationIssue;
  const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || null;
  const where =
    err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'request');
  const detail = issue.message ?? 'is invalid';
  return {
    field,
    message: field ? `Invalid ${where} field '${field}': ${detail}` : `Invalid ${where}: ${detail}`,
  };
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Stripe.js and its card frames (Stripe's published CSP), allowed only when payments are on. */
const STRIPE_CSP = {
  script: 'https://js.stripe.com https://*.js.stripe.com',
  frame: 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
  img: 'https://*.stripe.com',
};

/** The policy for every response but the API docs page; map imagery origins come from config. */
function contentSecurityPolicy(config: Config): string {
  const map = mapOrigins(config.mapSources).join(' ');
  const stripe = config.stripe ? STRIPE_CSP : { script: '', frame: '', connect: '', img: '' };
  return [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `script-src 'self' ${stripe.script}`.trim(),
    `img-src 'self' data: blob: ${map} ${stripe.img}`.trim(),
    `connect-src 'self' ${map} ${uploadOrigin(config) ?? ''} ${stripe.connect}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "worker-src 'self' blob:",
    // The landing page's trailer, embedded only when a visitor presses play.
    `frame-src https://www.youtube-nocookie.com ${stripe.frame}`.trim(),
  ].join('; ');
}

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('objectStore', createObjectStore(config));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(validationMessage(err));
    }
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message });
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(SECURITY_HEADERS);
    if (!reply.hasHeader('content-security-policy') && !request.url.startsWith('/api/docs')) {
      reply.header('content-security-policy', csp);
    }
  });

  app.addHook('preValidation', async (request) => {
    assertCleanInput(request.params);
    assertCleanInput(request.query);
    assertCleanInput(request.body);
  });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(authPlugin);
  await registerDocs(app);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await registerRoutes(app);
  await registerClient(app);
  return app;
}
