import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { moderationActions } from '../db/moderation-schema.ts';

/** The actor label of actions taken by the operator with `npm run admin`. */
export const COMMAND_LINE_ACTOR = 'command line';

export interface ModerationEntry {
  /** The staff account that acted; null for the command line. */
  actorId: string | null;
  /** The actor's username at the time, or COMMAND_LINE_ACTOR. */
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  details?: Record<string, unknown>;
}

/**
 * Adds one row to the moderation audit log (docs/decisions/025-roles-and-audit-log.md). It takes
 * the transaction that makes the change, so the change and its record commit or fail together.
 */
export async function recordModerationAction(tx: Tx, entry: ModerationEntry): Promise<string> {
  const id = randomUUID();
  await tx.insert(moderationActions).values({ id, ...entry, details: entry.details ?? null });
  return id;
}

/**
 * Staff's attempt on their own work, refused (docs/decisions/026): recorded as `refused` in a
 * transaction of its own, since the one that tried the action was rolled back or never began.
 */
export async function recordRefusedAttempt(
  db: Db,
  actor: { id: string; username: string },
  attempt: Pick<ModerationEntry, 'targetType' | 'targetId' | 'reason'> & {
    details: { attempted: string; message: string } & Record<string, unknown>;
  },
): Promise<void> {
  await db.transaction((tx) =>
    recordModerationAction(tx, {
      actorId: actor.id,
      actorLabel: actor.username,
      action: 'refused',
      ...attempt,
    }),
  );
}
