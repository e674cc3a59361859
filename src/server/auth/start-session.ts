import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { rememberDevice } from './devices.ts';
import { setSessionCookie } from './session-cookie.ts';
import { sessionPlace } from './session-place.ts';
import { createSession, deleteSession } from './sessions.ts';
import { recordSignInHost } from './sign-in-hosts.ts';
import { flagIfFromSuspendedHost } from '../services/account-flags.ts';

/**
 * Signs the browser in to the account, the same way for every way in (password, recovery code,
 * passkey, OpenID provider): a new session with its device and place, the browser remembered as
 * a device and the host as one the account was seen from. An account made just now is flagged
 * for staff when a suspended account was seen from the same host.
 */
export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: { newAccount?: boolean } = {},
): Promise<void> {
  // Rotation: whatever session the browser had before is ended, a new id is issued.
  if (request.sessionId) await deleteSession(db, request.sessionId);
  const place = sessionPlace(request, config);
  setSessionCookie(reply, config, await createSession(db, userId, config.sessionTtlMs, place));
  await rememberDevice(db, request, reply, config, userId);
  if (options.newAccount) await flagIfFromSuspendedHost(db, userId, request.ip);
  await recordSignInHost(db, userId, request.ip);
}
