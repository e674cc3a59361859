import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { unauthorized } from '../errors.ts';
import type { SessionUser } from './sessions.ts';

/** `__Host-` pins a cookie to our origin; browsers accept it only over https. */
export function hostCookieName(config: Config, name: string): string {
  return config.publicUrl.startsWith('https:') ? `__Host-${name}` : name;
}

export const sessionCookieName = (config: Config) => hostCookieName(config, 'ss_session');

/** What every cookie of ours carries (a `__Host-` one is kept only with all of it). */
export const hostCookieAttributes = (config: Config) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  }) as const;

export function setSessionCookie(reply: FastifyReply, config: Config, id: string): void {
  reply.setCookie(sessionCookieName(config), id, {
    ...hostCookieAttributes(config),
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
}

/** Browsers ignore a `__Host-` cookie that lacks Secure: the clearing carries every attribute. */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), hostCookieAttributes(config));
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
