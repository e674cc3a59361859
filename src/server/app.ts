import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authPlugin } from './http/auth-plugin.ts';
import { ChangeFeed } from './db/change-feed.ts';
import type { Config } from './config/config.ts';
import type { Database } from './db/client.ts';
import { HttpError } from './errors.ts';
import { registerDocs } from './http/docs.ts';
import { FastReads } from './http/fast-reads.ts';
import { batchedStdout, OneLinePerRequest } from './http/logging.ts';
import { idempotencyPlugin } from './http/idempotency.ts';
import { metricsPlugin } from './http/metrics.ts';
import { assertCleanInput } from './http/input-checks.ts';
import { registerRoutes } from './routes/index.ts';
import { registerClient } from './http/static.ts';
import { registerSecurityHeaders, securityHeaderSetter } from './http/security-headers.ts';
import { PushSender } from './services/push-sender.ts';
import { sweepNearYou } from './services/near-you.ts';
import { createObjectStore } from './storage/index.ts';

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

const OUR_FAULT = 'Something went wrong on our side. Please try again.';
/** Messages for what Fastify refuses before routing: the path itself is at fault. */
const BAD_PATH: Record<string, string> = {
  FST_ERR_BAD_URL: 'This address is not valid: it has a broken % escape.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long.',
};

/**
 * Answers what Fastify refuses before any route or hook runs (a broken % escape in the path):
 * `{ message }` and the security headers, as every other answer, not Fastify's own body.
 */
function frameworkErrors(config: Config) {
  const setHeaders = securityHeaderSetter(config);
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setHeaders(request, reply);
    const message = BAD_PATH[err.code];
    if (message) return reply.code(err.statusCode ?? 400).send({ message });
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: OUR_FAULT });
  };
}

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const fastReads = new FastReads(config);
  const app = Fastify({
    logger: { level: config.logLevel, stream: batchedStdout() },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    connectionTimeout: config.idleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    serverFactory: fastReads.serverFactory,
    frameworkErrors: frameworkErrors(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('objectStore', await createObjectStore(config));
  // Cached catalogue reads from the server's handler, in front of Fastify (decision 028).
  app.decorate('fastReads', fastReads);
  fastReads.start(app.log);
  app.addHook('preClose', (done) => {
    fastReads.stop();
    done();
  });
  const changeFeed = new ChangeFeed(database);
  await changeFeed.start();
  app.decorate('changeFeed', changeFeed);
  app.addHook('onClose', () => changeFeed.stop());
  // Web Push, sent once the transaction that tells it has committed (docs/decisions/042).
  const pushSender = new PushSender(database.db, config, app.log);
  await pushSender.start(database);
  app.decorate('pushSender', pushSender);
  app.addHook('onClose', () => pushSender.stop());
  // "A quest or challenge near you", looked for every few minutes (services/near-you.ts).
  if (config.nearYouSweepMs) {
    const stopSweeps = sweepNearYou(database.db, config.nearYouSweepMs, app.log);
    app.addHook('onClose', async () => stopSweeps());
  }

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(validationMessage(err));
    }
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ message: err.message });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message });
    // A client that stopped sending its body (dropped at the idle timeout, or gone) is not our
    // fault: a warning, so that error-level lines stay ours to fix.
    if (err.code === 'ECONNRESET' && request.raw.readableAborted) {
      request.log.warn({ err }, 'client stopped sending');
      return reply.code(400).send({ message: 'The request body stopped before it was complete.' });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: OUR_FAULT });
  });

  registerSecurityHeaders(app, config);
  // Metrics and traces first: their hooks see every request the others refuse.
  await app.register(metricsPlugin);

  // Callback-style: an async hook costs a promise and a microtask on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    assertCleanInput(request.params);
    assertCleanInput(request.query);
    assertCleanInput(request.body);
    done();
  });

  await app.register(cookie);
  await app.register(formbody);
  // Idempotency first: its onSend commits a keyed create before the auth plugin's onSend waits
  // for the change feed to hear it.
  await app.register(idempotencyPlugin);
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
