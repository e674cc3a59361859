import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Sends a large JSON text compressed when the client accepts it (the map's in-view answer is
 * megabytes of repetitive JSON on a phone's network). Brotli at a fast level, else gzip.
 */
export async function sendCompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
): Promise<FastifyReply> {
  reply.type('application/json').header('vary', 'Accept-Encoding');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (json.length < MIN_BYTES) return reply.send(json);
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(json, { level: 6 }));
  }
  return reply.send(json);
}
