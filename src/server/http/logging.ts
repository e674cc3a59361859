import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A quiet server's lines still appear this soon. */
const FLUSH_MS = 100;
/** A batch this big is written at once. */
const FLUSH_BYTES = 64 * 1024;

let shared: { write(line: string): void } | null = null;

/**
 * The log's standard output, written in batches: one write per FLUSH_BYTES or FLUSH_MS instead
 * of one per line, which at thousands of requests a second cost more than the requests
 * (docs/decisions/028). Written out when the process exits; a hard kill (SIGKILL, out of memory)
 * loses at most the last FLUSH_MS of lines. One for the process, however many apps it builds.
 */
export function batchedStdout(): { write(line: string): void } {
  if (shared) return shared;
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    process.stdout.write(text);
  };
  setInterval(flush, FLUSH_MS).unref();
  process.on('exit', flush);
  shared = {
    write(line: string) {
      pending.push(line);
      size += line.length;
      if (size >= FLUSH_BYTES) flush();
    },
  };
  return shared;
}

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
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
