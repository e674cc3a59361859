import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { STAFF_ROLES, isStaffRole, type Role, type StaffRole } from '../../core/roles.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';
import { COMMAND_LINE_ACTOR, recordModerationAction } from '../services/audit-log.ts';

/**
 * Granting and revoking roles, for `npm run admin` only: no route calls these
 * (docs/decisions/025-roles-and-audit-log.md). Each change and its audit row share one
 * transaction; a refusal writes nothing.
 */

/** A request the command refuses (unknown player, no reason, …): the operator's mistake. */
export class RoleRefusal extends Error {}

export const REASON_MAX_LENGTH = 500;

export interface RoleChange {
  userId: string;
  username: string;
  from: Role;
  to: Role;
  auditId: string;
}

export interface StaffMember {
  username: string;
  role: StaffRole;
  /** When the last grant or revoke of this account's role was logged (null if none was). */
  changedAt: Date | null;
}

function checkReason(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  if (!text) throw new RoleRefusal('A reason is required: --reason "why".');
  if (text.length > REASON_MAX_LENGTH) {
    throw new RoleRefusal(`The reason must be at most ${REASON_MAX_LENGTH} characters.`);
  }
  return text;
}

/** The account by name, whatever its case, its row locked until the transaction ends. */
async function lockUser(tx: Tx, username: string) {
  const [row] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .for('update')
    .limit(1);
  if (!row) throw new RoleRefusal(`No player is called '${username}'.`);
  return row;
}

async function changeRole(
  db: Db,
  input: { username: string; to: Role; reason: string; action: string },
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, input.username);
    if (user.role === input.to) {
      throw new RoleRefusal(
        input.to === 'player'
          ? `${user.username} has no staff role to revoke.`
          : `${user.username} is already ${input.to}.`,
      );
    }
    await tx.update(users).set({ role: input.to }).where(eq(users.id, user.id));
    const auditId = await recordModerationAction(tx, {
      actorId: null,
      actorLabel: COMMAND_LINE_ACTOR,
      action: input.action,
      targetType: 'user',
      targetId: user.id,
      reason: input.reason,
      details: { username: user.username, from: user.role, to: input.to },
    });
    return { userId: user.id, username: user.username, from: user.role, to: input.to, auditId };
  });
}

/** Makes a player a moderator or an admin (or changes one staff role for the other). */
export async function grantRole(
  db: Db,
  input: { username: string; role: string; reason: string | undefined },
): Promise<RoleChange> {
  if (!isStaffRole(input.role)) {
    throw new RoleRefusal(
      `Unknown role '${input.role}': grant one of ${STAFF_ROLES.join(', ')} (revoke makes a player).`,
    );
  }
  const reason = checkReason(input.reason);
  return changeRole(db, { username: input.username, to: input.role, reason, action: 'grant_role' });
}

/** Takes a moderator's or admin's role away: they are a player again. */
export async function revokeRole(
  db: Db,
  input: { username: string; reason: string | undefined },
): Promise<RoleChange> {
  const reason = checkReason(input.reason);
  return changeRole(db, { username: input.username, to: 'player', reason, action: 'revoke_role' });
}

/** Moderators and admins, admins first, then by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const changedAt = db
    .select({
      targetId: moderationActions.targetId,
      at: sql<Date>`max(${moderationActions.createdAt})`.as('at'),
    })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.targetType, 'user'),
        inArray(moderationActions.action, ['grant_role', 'revoke_role']),
      ),
    )
    .groupBy(moderationActions.targetId)
    .as('changed');
  const rows = await db
    .select({ username: users.username, role: users.role, changedAt: changedAt.at })
    .from(users)
    .leftJoin(changedAt, eq(changedAt.targetId, users.id))
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(desc(sql`${users.role} = 'admin'`), asc(sql`lower(${users.username})`));
  return rows.map((r) => ({
    username: r.username,
    role: r.role as StaffRole,
    changedAt: r.changedAt === null ? null : new Date(r.changedAt),
  }));
}
