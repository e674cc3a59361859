import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { holdTransaction, type Db, type HeldTransaction } from '../db/client.ts';
import { badRequest, conflict } from '../errors.ts';
import { idempotentReplays } from '../observability/metrics.ts';
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
  /** The request's one transaction: the claim, whatever the route writes, and the answer. */
  transaction: HeldTransaction;
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

/** Claims the key in a new transaction, kept open when the claim is this request's. */
async function claimInTransaction(db: Db, userId: string, key: string, fingerprint: string) {
  const transaction = await holdTransaction(db);
  try {
    const state = await claimKey(transaction.tx, userId, key, fingerprint);
    if (state.kind === 'claimed') return { ...state, transaction };
    await transaction.rollback();
    return state;
  } catch (err) {
    await transaction.rollback().catch(() => {});
    throw err;
  }
}

/**
 * Idempotency-Key on the routes marked IDEMPOTENT, for signed-in players (a key is theirs
 * alone). It runs after the session, same-origin and suspension checks of onRequest, so a replay
 * is refused whatever those refuse. The claim, everything the route writes and the answer
 * actually sent (onSend) are one transaction: a crash at any point leaves all or none of them.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app;
  app.decorateRequest('idempotency', null);

  // Callback-style: the rest of the request (validation, handler, onSend) runs inside the
  // transaction's async context, where the app's `db` joins it.
  app.addHook('preValidation', (request, reply, done) => {
    const user = request.user;
    if (!request.routeOptions.config.idempotent || !user) return done();
    const key = request.headers[KEY_HEADER];
    if (key === undefined) return done();
    if (typeof key !== 'string' || !VALID_KEY.test(key)) return done(badRequest(BAD_KEY_MESSAGE));
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const deadline = Date.now() + app.config.idempotencyWaitMs;
    const attempt = async (): Promise<void> => {
      const state = await claimInTransaction(db, user.id, key, fingerprint);
      if (state.kind === 'claimed') {
        const { claim, transaction } = state;
        request.idempotency = { userId: user.id, key, claim, transaction, settled: false };
        return transaction.enter(done);
      }
      if (state.kind === 'other-request') return done(conflict(OTHER_REQUEST_MESSAGE));
      // Answered here: done is not called, so the route does not run.
      if (state.kind === 'done') {
        idempotentReplays.inc({ route: request.routeOptions.url });
        return void replay(reply, state.answer);
      }
      if (Date.now() >= deadline) {
        return void reply
          .code(409)
          .header('retry-after', '1')
          .send({ message: STILL_RUNNING_MESSAGE });
      }
      await sleep(POLL_MS);
      return attempt();
    };
    attempt().catch(done);
  });

  // The answer is kept and committed with the create before it leaves: a repeat that arrives
  // once the client has it finds it. Registered before the auth plugin's onSend, whose wait
  // for the change feed must come after the commit.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    const { userId, key, claim, transaction } = held;
    const status = reply.statusCode;
    // Creates answer JSON text (or nothing); any other payload, a stream, is not kept.
    const text = typeof payload === 'string' ? payload : payload == null ? '' : null;
    if (status >= 500 || NOT_KEPT.has(status) || text === null) {
      await transaction.commit((tx) => releaseKey(tx, userId, key, claim));
    } else {
      const answer = { status, headers: keptHeaders(reply), body: text };
      await transaction.commit((tx) => storeAnswer(tx, userId, key, claim, answer));
    }
    return payload;
  });

  // A request that ended without an answer sent gives its key back and ends its transaction
  // (held open, it would stop PGlite for everyone).
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (!held || held.settled) return;
    held.settled = true;
    await held.transaction.commit((tx) => releaseKey(tx, held.userId, held.key, held.claim));
  });

  const prune = () =>
    pruneIdempotencyKeys(db).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning idempotency keys failed'),
    );
  const timer = setInterval(prune, PRUNE_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
