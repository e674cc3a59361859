import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { SessionUser } from '../auth/sessions.ts';
import { isCurrent, variantFor, type Answer, type Variant } from './cached-answers.ts';
import type { Config } from '../config/config.ts';
import { metricsReadable } from './metrics.ts';
import { securityHeaders } from './security-headers.ts';
import { answerLookups, httpRequests, sessionLookups } from '../observability/metrics.ts';

/** A route's current answer for this player from memory; undefined when Fastify must build it. */
export type AnswerOf = (user: SessionUser) => Answer | undefined;

/**
 * How the answer may be kept: `revalidate` (a cached answer: ETag, 304, the browser keeps it
 * privately and asks each time) or `no-store` (sent as any signed-in answer, never kept).
 */
export type Keeping = 'revalidate' | 'no-store';

/** The player of a session cookie while in memory, without waiting; undefined otherwise. */
export type SessionOf = (cookieHeader: string) => SessionUser | undefined;

/** The options Fastify passes its server factory, as it applies them to its own server. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number;
}

/**
 * Catalogue reads answered by the node:http server's own handler, in front of Fastify
 * (docs/decisions/028): a GET or HEAD of a registered path, with no query string, from a player
 * whose session is in memory, for an answer in memory, gets what Fastify would send (status,
 * body, headers, the request's log line) without the framework's per-request work. Anything
 * else goes to Fastify untouched: no session in memory, an answer to build, another path or
 * method, a query string, forwarded headers from a trusted proxy, a closing server.
 */
export class FastReads {
  /** Requests answered here: the equality test checks this path was taken. */
  served = 0;
  private readonly routes = new Map<string, { answerOf: AnswerOf; keeping: Keeping }>();
  private sessionOf: SessionOf = () => undefined;
  private log: FastifyBaseLogger | null = null;
  /** The security headers, flattened, in the order the onSend hook sends them. */
  private readonly security: string[];
  private readonly trustProxy: boolean;
  /** Counted only where someone can read the figures, as Fastify's latencies are (metrics.ts). */
  private readonly counting: boolean;
  /** Each variant's header lists, made once: the request id is written into its slot. */
  private readonly headerLists = new WeakMap<Variant, Partial<Record<HeaderCase, HeaderList>>>();

  constructor(config: Config) {
    const { fixed, csp } = securityHeaders(config);
    this.security = [...Object.entries(fixed).flat(), 'content-security-policy', csp];
    this.trustProxy = config.trustProxy !== false;
    this.counting = metricsReadable(config);
  }

  /** Fastify's `serverFactory`: the HTTP/1 server Fastify would make, with this in front. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ServerOptions;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Answers start once the app has its logger; they stop when it starts closing. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
  }

  stop(): void {
    this.log = null;
  }

  useSessions(sessionOf: SessionOf): void {
    this.sessionOf = sessionOf;
  }

  /** `path` exactly (a query string goes to Fastify) answers with `answerOf`'s answer. */
  answers(path: string, answerOf: AnswerOf, keeping: Keeping = 'revalidate'): void {
    this.routes.set(path, { answerOf, keeping });
  }

  /** True when answered here; false leaves the request, untouched, to Fastify. */
  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    const { method, url, headers } = req;
    const log = this.log;
    if ((method !== 'GET' && method !== 'HEAD') || !log) return false;
    const route = this.routes.get(url!);
    if (!route || !headers.cookie) return false;
    // Behind a trusted proxy the logged host and address come from these: Fastify works them out.
    if (this.trustProxy && (headers['x-forwarded-for'] || headers['x-forwarded-host'])) {
      return false;
    }
    const start = performance.now();
    const user = this.sessionOf(headers.cookie);
    const answer = user && route.answerOf(user);
    if (!answer) return false;

    const id = (headers['x-request-id'] as string | undefined) || randomUUID();
    const kept = route.keeping === 'revalidate';
    const variant = kept ? variantFor(headers['accept-encoding'], answer) : answer.identity;
    const current = kept && isCurrent(headers['if-none-match'], answer);
    const status = current ? 304 : 200;
    const sent = this.headerList(variant, current ? 'not-modified' : kept ? 'kept' : 'no-store');
    // writeHead copies the list into the head it sends before returning: the slot is free again.
    sent.lines[sent.idAt] = id;
    res.writeHead(status, sent.lines);
    res.end(method === 'GET' && !current ? variant.body : undefined);
    this.served++;
    if (this.counting) {
      answerLookups.hit.inc();
      sessionLookups.hit.inc();
      // The registered path is the route's template: these routes take no parameters.
      httpRequests.observe(
        { method, route: url!, status: String(status) },
        (performance.now() - start) / 1000,
      );
    }
    // The line Fastify writes for a quick success (logging.ts: debug), through its serialisers;
    // written now, not once the socket has sent the answer (decision 028). At info pino skips it.
    if (log.level === 'debug' || log.level === 'trace') {
      const request = {
        method,
        url,
        headers,
        host: headers.host ?? '',
        ip: req.socket.remoteAddress,
        socket: req.socket,
      };
      log.debug(
        { reqId: id, req: request, res, responseTime: performance.now() - start },
        'request completed',
      );
    }
    return true;
  }

  /**
   * The header lines Fastify sends for this variant, in its order (fast-reads.test.ts compares
   * them): made on the variant's first answer and kept beside it.
   */
  private headerList(variant: Variant, which: HeaderCase): HeaderList {
    let lists = this.headerLists.get(variant);
    if (!lists) this.headerLists.set(variant, (lists = {}));
    const made = lists[which];
    if (made) return made;
    const kept = which !== 'no-store';
    const list = kept
      ? ['etag', variant.etag, 'vary', 'Accept-Encoding', 'cache-control', 'private, no-cache']
      : [];
    if (which !== 'not-modified') {
      if (variant.encoding) list.push('content-encoding', variant.encoding);
      list.push('content-type', 'application/json; charset=utf-8');
    }
    const idAt = list.push('x-request-id', '') - 1;
    list.push(...this.security);
    if (!kept) list.push('cache-control', 'private, no-store');
    if (which !== 'not-modified') list.push('content-length', String(variant.body.length));
    return (lists[which] = { lines: list, idAt });
  }
}

/** A 200 of a cached answer, its 304, or a 200 never to be stored. */
type HeaderCase = 'kept' | 'not-modified' | 'no-store';
/** Names and values in turn, as writeHead takes them; the request id's value at `idAt`. */
interface HeaderList {
  lines: string[];
  idAt: number;
}
