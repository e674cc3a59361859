import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.ts';
import {
  httpRequests,
  rateLimitRefusals,
  registry,
  uploadBytes,
  uploadBytesInFlight,
  uploadsInFlight,
} from '../observability/metrics.ts';
import { startRequestSpan, tracingWanted, type RequestSpan } from '../observability/tracing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listener of METRICS_PORT once the app is ready; null without one. */
    metricsServer: http.Server | null;
  }
}

/** The route label of a request no route matched: a 404, or a path refused before routing. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Photo bodies: what the upload routes take, and no other route accepts. */
const PHOTO_BODY = /^\s*(image\/|application\/octet-stream)/i;

const NOT_FOUND = JSON.stringify({ message: 'Not found' });
const UNAUTHORIZED = JSON.stringify({
  message: 'Metrics need the token: send Authorization: Bearer <METRICS_TOKEN>.',
});

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time: the comparison does not tell how much of a guess was right. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** The status, headers and body of GET /metrics for these request headers. */
async function scrape(headers: IncomingHttpHeaders, token: string | null) {
  if (token !== null && !bearerMatches(headers.authorization, token)) {
    return {
      status: 401,
      type: 'application/json; charset=utf-8',
      body: UNAUTHORIZED,
      extra: { 'www-authenticate': 'Bearer realm="metrics"' },
    };
  }
  return { status: 200, type: registry.contentType, body: await registry.metrics(), extra: {} };
}

/** Someone can read the figures: a port of their own, or a token for /metrics. */
export const metricsReadable = ({ metrics }: Config) =>
  metrics.port !== null || metrics.token !== null;

interface Watched {
  span: RequestSpan | null;
  uploadBytes: number;
}

/**
 * Prometheus metrics of every request Fastify answers (docs/decisions/052-metrics.md): latency
 * by method, route template and status, 429 refusals, photo bodies in flight; with tracing on,
 * a span per request carrying the request id the log lines carry. GET /metrics on the public
 * port with METRICS_TOKEN, on METRICS_PORT otherwise; 404 when neither is set.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { port, token } = app.config.metrics;
  const watched = new WeakMap<FastifyRequest, Watched>();
  // Nobody can read the figures and no traces are sent: the requests pay for neither.
  const watching = metricsReadable(app.config) || tracingWanted();

  if (watching)
    app.addHook('onRequest', (request, reply, done) => {
      const span = startRequestSpan(request.method, request.headers, request.id);
      if (span) request.log = request.log.child({ traceId: span.traceId });
      const length = Number(request.headers['content-length']);
      const upload =
        PHOTO_BODY.test(request.headers['content-type'] ?? '') && length > 0 ? length : 0;
      if (span || upload) watched.set(request, { span, uploadBytes: upload });
      if (upload) {
        uploadsInFlight.inc();
        uploadBytesInFlight.inc(upload);
        // Once, whether answered or dropped mid-body.
        reply.raw.once('close', () => {
          uploadsInFlight.dec();
          uploadBytesInFlight.dec(upload);
        });
      }
      done();
    });

  if (watching)
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const status = reply.statusCode;
      httpRequests.observe(
        { method: request.method, route, status: String(status) },
        reply.elapsedTime / 1000,
      );
      if (status === 429) rateLimitRefusals.inc({ route });
      const seen = watched.get(request);
      if (seen?.uploadBytes && status < 300) uploadBytes.inc(seen.uploadBytes);
      seen?.span?.end(route, status);
      done();
    });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token === null) return reply.code(404).type('application/json').send(NOT_FOUND);
    const answer = await scrape(request.headers, token);
    return reply.code(answer.status).headers(answer.extra).type(answer.type).send(answer.body);
  });

  app.decorate('metricsServer', null);
  if (port === null) return;
  const server = http.createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(NOT_FOUND);
      return;
    }
    scrape(req.headers, token).then(
      ({ status, type, body, extra }) =>
        res.writeHead(status, { 'content-type': type, ...extra }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  // Ready before the public port opens: a port in use stops the start-up, saying which.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, app.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.metricsServer = server;
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
});
