import { hostname } from 'node:os';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

/** A quiet server's lines still appear this soon. */
const FLUSH_MS = 100;
/** A batch this big is written at once. */
const FLUSH_BYTES = 64 * 1024;

export interface LogStream {
  write(line: string): void;
}

let shared: LogStream | null = null;

/**
 * The log's standard output, written in batches: one write per FLUSH_BYTES or FLUSH_MS instead
 * of one per line, which at thousands of requests a second cost more than the requests
 * (docs/decisions/028). Written out when the process exits; a hard kill (SIGKILL, out of memory)
 * loses at most the last FLUSH_MS of lines. One for the process, however many apps it builds.
 * Each line is encoded into the batch's buffer as it comes (docs/decisions/050): a batch kept as
 * text was encoded at each flush, which cost more than building the lines.
 */
export function batchedStdout(): LogStream {
  if (shared) return shared;
  let buffer = Buffer.allocUnsafeSlow(FLUSH_BYTES);
  let used = 0;
  const flush = () => {
    if (used === 0) return;
    const batch = buffer.subarray(0, used);
    // A new buffer: a write to a pipe may still be reading this one.
    buffer = Buffer.allocUnsafeSlow(FLUSH_BYTES);
    used = 0;
    process.stdout.write(batch);
  };
  setInterval(flush, FLUSH_MS).unref();
  process.on('exit', flush);
  shared = {
    write(line: string) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit: a line this long always fits once flushed.
      const room = line.length * 3;
      if (used + room > FLUSH_BYTES) flush();
      if (room > FLUSH_BYTES) process.stdout.write(line);
      else used += buffer.write(line, used);
    },
  };
  return shared;
}

/** A request answered after this long is logged at info whatever its status. */
export const SLOW_REQUEST_MS = 500;

/**
 * The level of a request's "request completed" line: info for a refusal, a failure or a slow
 * answer, debug for a quick success (docs/decisions/050): at the default level the log holds
 * what operations act on, and a line per successful read, which cost more than the read
 * itself, only with LOG_LEVEL=debug. Counts and latencies of every request are in the metrics.
 */
export const completedLevel = (statusCode: number, responseTime: number) =>
  statusCode >= 400 || responseTime >= SLOW_REQUEST_MS ? 'info' : 'debug';

/**
 * One log line per request, when it is answered, with what the arrival line said (method, URL,
 * address) beside the status and time: Fastify's default also writes a line on arrival.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    const line = { req: request, res: reply, responseTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[completedLevel(reply.statusCode, responseTime)](line, 'request completed');
  }
}

/** What Fastify's request serialiser logs of a request, in its order. */
export interface LoggedRequest {
  method: string;
  url: string;
  version: string | undefined;
  host: string;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
}

/** The levels at which debug lines are written. */
const DEBUG_LEVELS = new Set(['trace', 'debug']);
/** A JSON string as JSON.stringify writes it, which is called only for text it must escape. */
function jsonString(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Control characters, '"', '\\' and surrogates (a lone one is written escaped).
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
      return JSON.stringify(text);
    }
  }
  return `"${text}"`;
}

/** The request as JSON.stringify writes it, without its generic walk over the object. */
function requestJson(req: LoggedRequest): string {
  const { method, url, version, host, remoteAddress, remotePort } = req;
  // Fields left out when undefined: rare (a gone socket, an Accept-Version header).
  if (version !== undefined || remoteAddress === undefined || remotePort === undefined) {
    return JSON.stringify(req);
  }
  return (
    `{"method":${jsonString(method)},"url":${jsonString(url)},"host":${jsonString(host)},` +
    `"remoteAddress":${jsonString(remoteAddress)},"remotePort":${remotePort}}`
  );
}

/**
 * Writes the "request completed" line of a quick success (debug: completedLevel) exactly as the
 * root logger `log` writes `log.debug({ reqId, req, res, responseTime }, 'request completed')`
 * through Fastify's serialisers (pino's level, time, pid and hostname first, the message last),
 * but built directly: pino's generic serialisation of that object cost more than an answer sent
 * from memory (docs/decisions/050). `fast-reads.test.ts` compares the lines of both paths. Null
 * when the logger leaves debug lines out.
 */
export function quickSuccessLines(log: FastifyBaseLogger, stream: LogStream) {
  if (!DEBUG_LEVELS.has(log.level)) return null;
  const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  return (reqId: string, req: LoggedRequest, statusCode: number, responseTime: number) => {
    stream.write(
      `{"level":20,"time":${Date.now()}${bindings},"reqId":${jsonString(reqId)},` +
        `"req":${requestJson(req)},"res":{"statusCode":${statusCode}},` +
        `"responseTime":${responseTime},"msg":"request completed"}\n`,
    );
  };
}
