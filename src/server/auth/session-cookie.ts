import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { SESSION_HINT_COOKIE } from '../../core/session-hint.ts';
import { unauthorized } from '../errors.ts';
import type { SessionUser } from './sessions.ts';

/** `__Host-` pins a cookie to our origin; browsers accept it only over https. */
export function hostCookieName(config: Config, name: string): string {
  return config.publicUrl.startsWith('https:') ? `__Host-${name}` : name;
}

export const sessionCookieName = (config: Config) => hostCookieName(config, 'ss_session');

/** Readable by the page: whether to ask who is signed in at all (docs/decisions/041). */
export const sessionHintCookieName = (config: Config) =>
  hostCookieName(config, SESSION_HINT_COOKIE);

/** What every cookie of ours carries (a `__Host-` one is kept only with all of it). */
export const hostCookieAttributes = (config: Config) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  }) as const;

/** The page reads the hint; it is worth nothing to a thief (the session cookie stays HttpOnly). */
const hintAttributes = (config: Config) => ({ ...hostCookieAttributes(config), httpOnly: false });

/** The hint lives as long as the session cookie, so an expired session leaves neither behind. */
export function setSessionHint(reply: FastifyReply, config: Config): void {
  reply.setCookie(sessionHintCookieName(config), '1', {
    ...hintAttributes(config),
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, id: string): void {
  reply.setCookie(sessionCookieName(config), id, {
    ...hostCookieAttributes(config),
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
  setSessionHint(reply, config);
}

/**
 * The session cookie and its hint go together. Browsers ignore a `__Host-` cookie that lacks
 * Secure: the clearing carries every attribute.
 */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), hostCookieAttributes(config));
  reply.clearCookie(sessionHintCookieName(config), hintAttributes(config));
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
