import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

/**
 * A suspended player can read but not write (docs/decisions/026). These state changes stay
 * open to them: signing in and out, and keeping their account safe (their sessions, password
 * and recovery codes: docs/decisions/032; their passkeys: 036). Not deleting it (027).
 */
const ALWAYS_ALLOWED = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/recover',
  'PUT /api/profile/password',
  'POST /api/profile/recovery-codes',
  'POST /api/profile/sessions/end-others',
  'POST /api/passkeys/sign-in/options',
  'POST /api/passkeys/sign-in',
  'POST /api/profile/passkeys/options',
  'POST /api/profile/passkeys',
]);
/** Ending one of their sessions: its id is in the path. */
const ENDING_A_SESSION = /^DELETE \/api\/profile\/sessions\/[^/]+$/;
/** Renaming or removing one of their passkeys: its id is in the path. */
const CHANGING_A_PASSKEY = /^(PATCH|DELETE) \/api\/profile\/passkeys\/[^/]+$/;

const DELETING_THE_ACCOUNT = 'DELETE /api/profile';

const dayOf = (until: Date) =>
  until.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function suspensionMessage(until: Date): string {
  return `Your account is suspended until ${dayOf(until)}: you can look around but not post, log or upload.`;
}

/** Deleting would free the username for a fresh account at once: the suspension must run out. */
export function deletionWhileSuspendedMessage(until: Date): string {
  return `Your account is suspended until ${dayOf(until)}, so it cannot be deleted before then.`;
}

/** Refuses a suspended player's state-changing API request (the caller checks the method) with 403 and the end date. */
export function refuseIfSuspended(request: FastifyRequest, path: string): void {
  const until = request.user?.suspendedUntil;
  if (!until || until <= new Date()) return;
  const action = `${request.method} ${path}`;
  if (ALWAYS_ALLOWED.has(action) || ENDING_A_SESSION.test(action)) return;
  if (CHANGING_A_PASSKEY.test(action)) return;
  if (action === DELETING_THE_ACCOUNT) throw forbidden(deletionWhileSuspendedMessage(until));
  throw forbidden(suspensionMessage(until));
}
