import type { User } from '../../../core/schemas/user.ts';
import { hasFlag, setFlag } from '../../lib/device-flags.ts';

/**
 * The character-creation screen (SPEC §2) replaces the router on a new account's first visit:
 * a player with no discoveries whose account is less than a day old, until they press
 * 'Enter StreetScope' on this device. Decision: docs/decisions/004-character-creation.md.
 */
const key = (userId: string) => `streetscope:character-created:${userId}`;
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

export function needsCharacterCreation(user: User | null, now = Date.now()): boolean {
  if (!user || user.discoveries > 0) return false;
  if (now - new Date(user.createdAt).getTime() > NEW_ACCOUNT_MS) return false;
  return !hasFlag(key(user.id), true);
}

export function markCharacterCreated(userId: string): void {
  setFlag(key(userId));
}
