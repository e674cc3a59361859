import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
