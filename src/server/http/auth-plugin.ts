import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { FastReads } from './fast-reads.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { LastSeenBatch } from '../auth/last-seen-batch.ts';
import { LAST_SEEN_STEP_MS, SessionCache } from '../auth/session-cache.ts';
import { requestCountry } from '../auth/session-place.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { refuseIfSuspended } from '../auth/suspension.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    objectStore: ObjectStore;
    changeFeed: ChangeFeed;
    fastReads: FastReads;
    /** Sessions marked seen, not yet written (docs/decisions/050). */
    lastSeen: LastSeenBatch;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/**
 * Route-level hook for signed-in areas: a signed-out request gets 401 before its input is
 * looked at, so validation details never reach anonymous callers. Callback-style: it runs on
 * every signed-in read, and an async hook costs a promise and a microtask each time.
 */
export function signedInOnly(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(request.user ? undefined : unauthorized());
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callers that authenticate by signature, not by cookie. */
export const ORIGIN_EXEMPT = new Set(['/api/stripe/webhook']);

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.headers.host}`;
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Sets the request's player; a suspended player's state change is refused here. */
function signedIn(
  request: FastifyRequest,
  user: SessionUser | null,
  done: HookHandlerDoneFunction,
): void {
  request.user = user;
  if (user && !SAFE_METHODS.has(request.method)) {
    try {
      refuseIfSuspended(request, pathOf(request.url));
    } catch (err) {
      return done(err as Error);
    }
  }
  done();
}

/**
 * Loads the session's user (from memory while fresh: docs/decisions/028) and refuses cross-site
 * state changes (ASVS 5.0 §3.5).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cookieName = sessionCookieName(app.config);
  const lastSeen = new LastSeenBatch(app.db, LAST_SEEN_STEP_MS, (err) =>
    app.log.warn({ err }, 'marking sessions seen failed'),
  );
  app.decorate('lastSeen', lastSeen);
  app.addHook('onClose', () => lastSeen.close());
  const sessionCache = new SessionCache(
    app.db,
    app.changeFeed,
    app.config.sessionCacheMs,
    lastSeen,
  );
  const publicOrigin = new URL(app.config.publicUrl).origin;
  // The same cookie, the same length limit, the same entry as the onRequest hook below.
  app.fastReads.useSessions((cookieHeader) => {
    const id = app.parseCookie(cookieHeader)[cookieName];
    return id && id.length <= 100 ? sessionCache.cached(id) : undefined;
  });

  // Callback-style, answered at once when the session is in memory: this runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!SAFE_METHODS.has(request.method) && !ORIGIN_EXEMPT.has(pathOf(request.url))) {
      if (!isSameOrigin(request, publicOrigin))
        return done(forbidden('Cross-site request refused.'));
    }
    // Only the API reads the player; photos and static files are public and skip the lookup.
    if (!request.url.startsWith('/api/')) return done();
    const id = request.cookies[cookieName];
    if (!id || id.length > 100) return done();
    request.sessionId = id;
    const cached = sessionCache.cached(id);
    if (cached !== undefined) return signedIn(request, cached, done);
    sessionCache
      .find(id, requestCountry(request, app.config))
      .then((user) => signedIn(request, user, done), done);
  });

  // A player's write is answered only once this process has heard every change it made, and
  // their own session entry is dropped: their next read, here, sees their write.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    if (!request.user || SAFE_METHODS.has(request.method)) return done();
    app.changeFeed.forgetUser(request.user.id);
    app.changeFeed.settle().then(() => done(), done);
  });
});
