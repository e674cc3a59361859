import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

/**
 * A suspended player can read but not write (docs/decisions/026). These state changes stay
 * open to them: signing in and out, deleting their own account, and keeping it safe (their
 * sessions, password and recovery codes: docs/decisions/032; their passkeys: 036).
 */
const ALWAYS_ALLOWED = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/recover',
  'DELETE /api/profile',
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

export function suspensionMessage(until: Date): string {
  const date = until.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Your account is suspended until ${date}: you can look around but not post, log or upload.`;
}

/** Refuses a suspended player's state-changing API request (the caller checks the method) with 403 and the end date. */
export function refuseIfSuspended(request: FastifyRequest, path: string): void {
  const until = request.user?.suspendedUntil;
  if (!until || until <= new Date()) return;
  const action = `${request.method} ${path}`;
  if (ALWAYS_ALLOWED.has(action) || ENDING_A_SESSION.test(action)) return;
  if (CHANGING_A_PASSKEY.test(action)) return;
  throw forbidden(suspensionMessage(until));
}
