import { eq } from 'drizzle-orm';
import type { ContentPreview } from '../../core/schemas/moderation.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** What every reportable kind of thing answers (docs/decisions/026): see report-targets.ts. */

export interface TargetState {
  /** The player it belongs to; null for seeded or imported content. */
  ownerId: string | null;
  hiddenAt: Date | null;
  /** Whether a player other than its owner can see it at all (apart from hiding). */
  shown: boolean;
}

export interface TargetKind {
  /** Reads the row and locks it until the transaction ends, or null when there is none. */
  lock(tx: Tx, id: string): Promise<TargetState | null>;
  setHidden(tx: Tx, id: string, at: Date | null): Promise<void>;
  preview(db: Db | Tx, id: string): Promise<ContentPreview | null>;
  /**
   * Players' reports queue it for a moderator but never hide it: what it is stays a
   * moderator's decision (an artist's verification, revoked with `revoke_claim`).
   */
  neverHiddenByReports?: true;
}

export const clip = (text: string, max = 280) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export async function ownerName(db: Db | Tx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? null;
}
