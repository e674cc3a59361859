import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

/**
 * A suspended player can read but not write (docs/decisions/026). These state changes stay
 * open to them: signing in and out, and deleting their own account.
 */
const ALWAYS_ALLOWED = new Set(['POST /api/login', 'POST /api/logout', 'DELETE /api/profile']);

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
  if (ALWAYS_ALLOWED.has(`${request.method} ${path}`)) return;
  throw forbidden(suspensionMessage(until));
}
