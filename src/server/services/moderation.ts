import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { AuditEntry, ModerationActionInput } from '../../core/schemas/moderation.ts';
import { isStaffRole } from '../../core/roles.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { contentReports, moderationActions, wallReports } from '../db/moderation-schema.ts';
import { legalWalls, users } from '../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../errors.ts';
import { resolveAccountFlags } from './account-flags.ts';
import { lockClaim, revokeVerification } from './artist-claims.ts';
import { recordModerationAction, recordRefusedAttempt } from './audit-log.ts';
import { tellContentReporters, tellWallReviewed } from './inbox-events.ts';
import { lockPendingLog, releaseLog, voidLog } from './log-review.ts';
import { toAuditEntry } from './moderation-audit.ts';
import { REPORT_TARGET_KINDS } from './report-targets.ts';
import { lockHeldVisit, releaseVisit, voidVisit } from './visit-review.ts';

/**
 * Staff actions (docs/decisions/026): each locks what it changes, refuses what would change
 * nothing (409) or what is the actor's own work (403), and writes its audit row in the same
 * transaction as the change.
 */

type Change = { targetType: string; details?: Record<string, unknown> };
type Rule = Config['established'];

const DAY_MS = 86_400_000;

/**
 * Separation of duties: staff never decide on their own work (their content, walls, held logs
 * or suspension). The attempt is refused and still written to the audit log, as `refused`.
 */
class OwnWork extends HttpError {
  constructor(
    readonly targetType: string,
    message: string,
  ) {
    super(403, message);
  }
}

function refuseOwn(
  actor: SessionUser,
  ownerId: string | null,
  targetType: string,
  message: string,
) {
  if (ownerId === actor.id) throw new OwnWork(targetType, message);
}

/** Resolves the open reports and returns their reporters (told of the decision). */
async function resolveReports(
  tx: Tx,
  targetType: string,
  targetId: string,
): Promise<(string | null)[]> {
  const resolved = await tx
    .update(contentReports)
    .set({ resolvedAt: new Date() })
    .where(
      and(
        eq(contentReports.targetType, targetType as never),
        eq(contentReports.targetId, targetId),
        isNull(contentReports.resolvedAt),
      ),
    )
    .returning({ reporterId: contentReports.reporterId });
  return resolved.map((r) => r.reporterId);
}

/**
 * A decision taken from a queue card names how many decisions the card showed
 * (docs/decisions/046). Every decision on a target is made with the target's row locked, so
 * counting them here sees each one committed before: another count than the card showed means
 * another moderator decided meanwhile, and this one would decide again on what they decided.
 */
async function refuseStale(tx: Tx, targetType: string, targetId: string, seen?: number) {
  if (seen === undefined) return;
  const [row] = await tx
    .select({ n: count() })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.targetType, targetType),
        eq(moderationActions.targetId, targetId),
        ne(moderationActions.action, 'refused'),
      ),
    );
  if ((row?.n ?? 0) !== seen) {
    throw conflict('Another moderator has decided on this since you opened it.');
  }
}

async function decideContent(
  tx: Tx,
  actor: SessionUser,
  input: Extract<ModerationActionInput, { action: 'hide' | 'restore' | 'keep_hidden' }>,
): Promise<Change> {
  const kind = REPORT_TARGET_KINDS[input.targetType];
  const target = await kind.lock(tx, input.targetId);
  if (!target) throw notFound('That content was not found.');
  refuseOwn(
    actor,
    target.ownerId,
    input.targetType,
    'Another moderator must decide on your own content.',
  );
  await refuseStale(tx, input.targetType, input.targetId, input.decisionsSeen);
  const reporters = await resolveReports(tx, input.targetType, input.targetId);
  const reports = reporters.length;
  if (input.action === 'hide') {
    if (target.hiddenAt) throw conflict('This is already hidden.');
    await kind.setHidden(tx, input.targetId, new Date());
  } else if (input.action === 'keep_hidden') {
    // Players' reports hid it and the moderator agrees: it stays hidden and leaves the queue.
    if (!target.hiddenAt) throw conflict('This is not hidden: hide it or dismiss its reports.');
    if (reports === 0) throw conflict('Its reports are already closed.');
  } else {
    // Restoring visible content dismisses its reports: that too is a decision worth logging.
    if (!target.hiddenAt && reports === 0) throw conflict('This is not hidden and has no reports.');
    if (target.hiddenAt) await kind.setHidden(tx, input.targetId, null);
  }
  await tellContentReporters(tx, reporters, input.action !== 'restore', {
    type: input.targetType,
    id: input.targetId,
  });
  return { targetType: input.targetType, details: { reportsResolved: reports } };
}

/** A verification players reported, revoked (docs/decisions/049): their reports are upheld. */
async function revokeClaim(
  tx: Tx,
  actor: SessionUser,
  id: string,
  decisionsSeen: number | undefined,
): Promise<Change> {
  const claim = await lockClaim(tx, id);
  refuseOwn(actor, claim.userId, 'artist_claim', 'Another moderator must review your own claim.');
  await refuseStale(tx, 'artist_claim', id, decisionsSeen);
  await revokeVerification(tx, actor.id, claim);
  const reporters = await resolveReports(tx, 'artist_claim', id);
  await tellContentReporters(tx, reporters, true, { type: 'artist_claim', id });
  return {
    targetType: 'artist_claim',
    details: { artistId: claim.artistId, reportsResolved: reporters.length },
  };
}

async function reviewWall(
  tx: Tx,
  actor: SessionUser,
  id: string,
  status: 'verified' | 'closed',
  decisionsSeen: number | undefined,
): Promise<Change> {
  const [wall] = await tx
    .select({
      name: legalWalls.name,
      latitude: legalWalls.latitude,
      longitude: legalWalls.longitude,
      status: legalWalls.status,
      proposedById: legalWalls.proposedById,
    })
    .from(legalWalls)
    .where(eq(legalWalls.id, id))
    .for('update');
  if (!wall) throw notFound('Wall not found');
  refuseOwn(actor, wall.proposedById, 'wall', 'Another moderator must review a wall you proposed.');
  await refuseStale(tx, 'wall', id, decisionsSeen);
  if (wall.status === status) throw conflict(`This wall is already ${status}.`);
  await tx.update(legalWalls).set({ status }).where(eq(legalWalls.id, id));
  const resolved = await tx
    .update(wallReports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(wallReports.wallId, id), isNull(wallReports.resolvedAt)))
    .returning({ reporterId: wallReports.userId });
  await tellWallReviewed(
    tx,
    wall,
    status,
    resolved.map((r) => r.reporterId),
  );
  return {
    targetType: 'wall',
    details: { from: wall.status, to: status, reportsResolved: resolved.length },
  };
}

async function lockPlayer(tx: Tx, id: string) {
  const [player] = await tx
    .select({ id: users.id, role: users.role, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!player) throw notFound('Player not found');
  return player;
}

async function suspend(tx: Tx, actor: SessionUser, id: string, days: number): Promise<Change> {
  refuseOwn(actor, id, 'user', 'You cannot suspend yourself.');
  const player = await lockPlayer(tx, id);
  if (isStaffRole(player.role)) {
    throw badRequest('Staff are not suspended here: the operator revokes their role first.');
  }
  const until = new Date(Date.now() + days * DAY_MS);
  await tx.update(users).set({ suspendedUntil: until }).where(eq(users.id, id));
  // Suspending a flagged account is the decision its flags were waiting for.
  const flagsResolved = await resolveAccountFlags(tx, id);
  return {
    targetType: 'user',
    details: { days, until: until.toISOString(), ...(flagsResolved && { flagsResolved }) },
  };
}

async function clearFlags(tx: Tx, actor: SessionUser, id: string): Promise<Change> {
  refuseOwn(actor, id, 'user', 'Another moderator must review your own account.');
  await lockPlayer(tx, id);
  const flagsResolved = await resolveAccountFlags(tx, id);
  if (flagsResolved === 0) throw conflict('That account is not flagged.');
  return { targetType: 'user', details: { flagsResolved } };
}

async function lift(tx: Tx, actor: SessionUser, id: string): Promise<Change> {
  refuseOwn(actor, id, 'user', 'Another moderator must lift your suspension.');
  const player = await lockPlayer(tx, id);
  if (!player.suspendedUntil || player.suspendedUntil <= new Date()) {
    throw conflict('That player is not suspended.');
  }
  await tx.update(users).set({ suspendedUntil: null }).where(eq(users.id, id));
  return { targetType: 'user', details: { was: player.suspendedUntil.toISOString() } };
}

async function apply(
  tx: Tx,
  actor: SessionUser,
  input: ModerationActionInput,
  rule: Rule,
): Promise<Change> {
  switch (input.action) {
    case 'hide':
    case 'restore':
    case 'keep_hidden':
      return decideContent(tx, actor, input);
    case 'verify_wall':
      return reviewWall(tx, actor, input.targetId, 'verified', input.decisionsSeen);
    case 'close_wall':
      return reviewWall(tx, actor, input.targetId, 'closed', input.decisionsSeen);
    case 'release_log': {
      const tokens = await releaseLog(tx, await lockOthersLog(tx, actor, input.targetId));
      return { targetType: 'artwork_log', details: { tokens } };
    }
    case 'void_log':
      await voidLog(tx, await lockOthersLog(tx, actor, input.targetId));
      return { targetType: 'artwork_log' };
    case 'release_visit': {
      const tokens = await releaseVisit(tx, rule, await lockOthersVisit(tx, actor, input.targetId));
      return { targetType: 'quest_answer', details: { tokens } };
    }
    case 'void_visit':
      await voidVisit(tx, await lockOthersVisit(tx, actor, input.targetId));
      return { targetType: 'quest_answer' };
    case 'revoke_claim':
      return revokeClaim(tx, actor, input.targetId, input.decisionsSeen);
    case 'suspend':
      return suspend(tx, actor, input.targetId, input.days);
    case 'lift_suspension':
      return lift(tx, actor, input.targetId);
    case 'clear_account_flag':
      return clearFlags(tx, actor, input.targetId);
  }
}

async function lockOthersLog(tx: Tx, actor: SessionUser, id: string) {
  const log = await lockPendingLog(tx, id);
  refuseOwn(actor, log.userId, 'artwork_log', 'Another moderator must review your own log.');
  return log;
}

async function lockOthersVisit(tx: Tx, actor: SessionUser, id: string) {
  const visit = await lockHeldVisit(tx, id);
  refuseOwn(actor, visit.userId, 'quest_answer', 'Another moderator must review your own visit.');
  return visit;
}

/** Carries out one staff action and returns its audit log row. */
export async function takeAction(
  db: Db,
  actor: SessionUser,
  input: ModerationActionInput,
  rule: Rule,
): Promise<AuditEntry> {
  const id = await db
    .transaction(async (tx) => {
      const change = await apply(tx, actor, input, rule);
      return recordModerationAction(tx, {
        actorId: actor.id,
        actorLabel: actor.username,
        action: input.action,
        targetType: change.targetType,
        targetId: input.targetId,
        reason: input.reason,
        ...(change.details && { details: change.details }),
      });
    })
    .catch(async (error: unknown) => {
      if (error instanceof OwnWork) {
        await recordRefusedAttempt(db, actor, {
          targetType: error.targetType,
          targetId: input.targetId,
          reason: input.reason,
          details: { attempted: input.action, message: error.message },
        });
      }
      throw error;
    });
  const [row] = await db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.id, id))
    .limit(1);
  return (await toAuditEntry(db, [row!]))[0]!;
}
