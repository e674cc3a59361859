import type { FastifyRequest } from 'fastify';
import { isStaffRole } from '../../core/roles.ts';
import { forbidden } from '../errors.ts';
import { requireUser } from './session-cookie.ts';

/**
 * Route-level hook for moderation: 401 signed out, 403 for a player, before any input is
 * looked at. The role is read from the database with the session on every request, so a
 * revoke applies at once (docs/decisions/025).
 */
export async function staffOnly(request: FastifyRequest): Promise<void> {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden('Only moderators can do this.');
}
