import { randomBytes } from 'node:crypto';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { signInDevices } from '../db/sign-in-schema.ts';
import { hostCookieAttributes, hostCookieName } from './session-cookie.ts';
import { hashSessionId } from './sessions.ts';

/**
 * A browser that has signed in to an account keeps a device cookie (256 random bits, only the
 * hash stored). Sign-in limits aimed at a name spare the name's own devices, so nobody can lock a
 * player out by guessing at their (public) username (docs/decisions/015-sign-in-limits.md).
 */
const DEVICE_TTL_DAYS = 400;
/** Devices remembered per account; signing in on one more forgets the least recently used. */
const MAX_DEVICES = 20;

const deviceCookieName = (config: Config) => hostCookieName(config, 'ss_device');

const deviceCookie = (request: FastifyRequest, config: Config): string | null => {
  const value = request.cookies[deviceCookieName(config)];
  return value && value.length <= 100 ? value : null;
};

/** The device cookie's hash when it belongs to the account named `username`. */
export async function trustedDevice(
  db: Db,
  request: FastifyRequest,
  config: Config,
  username: string,
): Promise<string | null> {
  const cookie = deviceCookie(request, config);
  if (!cookie || username.length > 30) return null;
  const idHash = hashSessionId(cookie);
  const [row] = await db
    .select({ idHash: signInDevices.idHash })
    .from(signInDevices)
    .innerJoin(users, eq(users.id, signInDevices.userId))
    .where(
      and(
        eq(signInDevices.idHash, idHash),
        sql`lower(${users.username}) = lower(${username.trim()})`,
      ),
    )
    .limit(1);
  return row?.idHash ?? null;
}

/** After a successful sign-in or sign-up: this browser is one of the account's devices. */
export async function rememberDevice(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  userId: string,
): Promise<void> {
  const current = deviceCookie(request, config);
  const cookie = current ?? randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insert(signInDevices)
    .values({ idHash: hashSessionId(cookie), userId, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [signInDevices.idHash, signInDevices.userId],
      set: { lastUsedAt: now },
    });
  const keep = db
    .select({ idHash: signInDevices.idHash })
    .from(signInDevices)
    .where(eq(signInDevices.userId, userId))
    .orderBy(sql`${signInDevices.lastUsedAt} desc`)
    .limit(MAX_DEVICES);
  await db
    .delete(signInDevices)
    .where(and(eq(signInDevices.userId, userId), notInArray(signInDevices.idHash, keep)));
  reply.setCookie(deviceCookieName(config), cookie, {
    ...hostCookieAttributes(config),
    maxAge: DEVICE_TTL_DAYS * 86_400,
  });
}

export async function pruneDevices(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - DEVICE_TTL_DAYS * 86_400_000);
  await db.delete(signInDevices).where(lt(signInDevices.lastUsedAt, cutoff));
}
