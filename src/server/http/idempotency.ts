import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, conflict } from '../errors.ts';
import {
  claimKey,
  pruneIdempotencyKeys,
  releaseKey,
  storeAnswer,
  type StoredAnswer,
} from '../services/idempotency-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route creates something a phone may retry: it honours Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: HeldKey | null;
  }
}

interface HeldKey {
  userId: string;
  key: string;
  claim: string;
  settled: boolean;
}

/** The route option of a create that honours Idempotency-Key (docs/decisions/031). */
export const IDEMPOTENT = { idempotent: true } as const;

export const KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
/** What a client needs of a stored answer besides its status and body. */
const KEPT_HEADERS = ['content-type', 'location'];
/**
 * Answers about the player's standing or the server's state rather than the request: the key
 * is given back and a retry runs again. So are 5xx answers.
 */
const NOT_KEPT = new Set([401, 403, 408, 429]);
const POLL_MS = 50;
const PRUNE_EVERY_MS = 3_600_000;

export const BAD_KEY_MESSAGE =
  "Invalid header 'Idempotency-Key': use 1 to 255 visible ASCII characters.";
export const OTHER_REQUEST_MESSAGE =
  'This Idempotency-Key was already used for a different request.';
export const STILL_RUNNING_MESSAGE =
  'The first request with this Idempotency-Key is still running. Please try again in a moment.';

/** Method, path with query, and the parsed body: a retry sends the same bytes, so the same JSON. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .header(REPLAYED_HEADER, 'true')
    .send(answer.body);
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

/**
 * Idempotency-Key on the routes marked IDEMPOTENT, for signed-in players (a key is theirs
 * alone). It runs after the session, same-origin and suspension checks of onRequest, so a replay
 * is refused whatever those refuse, and keeps the answer actually sent (onSend).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app;
  app.decorateRequest('idempotency', null);

  app.addHook('preValidation', async (request, reply) => {
    const user = request.user;
    if (!request.routeOptions.config.idempotent || !user) return;
    const key = request.headers[KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !VALID_KEY.test(key)) throw badRequest(BAD_KEY_MESSAGE);
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const deadline = Date.now() + app.config.idempotencyWaitMs;
    for (;;) {
      const state = await claimKey(db, user.id, key, fingerprint);
      if (state.kind === 'claimed') {
        request.idempotency = { userId: user.id, key, claim: state.claim, settled: false };
        return;
      }
      if (state.kind === 'other-request') throw conflict(OTHER_REQUEST_MESSAGE);
      if (state.kind === 'done') return replay(reply, state.answer);
      if (Date.now() >= deadline) {
        return reply.code(409).header('retry-after', '1').send({ message: STILL_RUNNING_MESSAGE });
      }
      await sleep(POLL_MS);
    }
  });

  // The answer is kept before it leaves: a repeat that arrives once the client has it finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    const status = reply.statusCode;
    // Creates answer JSON text (or nothing); any other payload, a stream, is not kept.
    const text = typeof payload === 'string' ? payload : payload == null ? '' : null;
    if (status >= 500 || NOT_KEPT.has(status) || text === null) {
      await releaseKey(db, held.userId, held.key, held.claim);
    } else {
      const answer = { status, headers: keptHeaders(reply), body: text };
      await storeAnswer(db, held.userId, held.key, held.claim, answer);
    }
    return payload;
  });

  // A request that ended without an answer sent gives its key back.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (!held || held.settled) return;
    held.settled = true;
    await releaseKey(db, held.userId, held.key, held.claim);
  });

  const prune = () =>
    pruneIdempotencyKeys(db).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning idempotency keys failed'),
    );
  const timer = setInterval(prune, PRUNE_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
