import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rememberDevice } from './devices.ts';
import { setSessionCookie } from './plugin.ts';
import { sessionPlace } from './session-place.ts';
import { createSession, deleteSession } from './sessions.ts';

/** Signs the browser in as `userId`, whichever way the player proved who they are. */
export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  // Rotation: whatever session the browser had before is ended, a new id is issued.
  if (request.sessionId) await deleteSession(db, request.sessionId);
  const place = sessionPlace(request, config);
  setSessionCookie(reply, config, await createSession(db, userId, config.sessionTtlMs, place));
  await rememberDevice(db, request, reply, config, userId);
}
