import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ConfirmWallSchema,
  ConfirmedWall,
  ProposeWallSchema,
  ReportWallSchema,
  WallDetail,
} from '../../core/schemas/walls.ts';
import {
  CONFIRMATIONS_TO_VERIFY,
  CONFIRMATION_MAX_AGE_DAYS,
  PROPOSAL_MIN_METRES,
  REPORTS_TO_DISPUTE,
  VISIT_RADIUS_METRES,
} from '../../core/wall-status.ts';
import type { Config } from '../config/config.ts';
import { isUniqueViolation, type Db, type Tx } from '../db/client.ts';
import { wallConfirmations, wallReports } from '../db/moderation-schema.ts';
import { legalWalls } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { tellWallProposer } from './inbox-events.ts';
import { distanceKmSql, withinRadius } from './nearby.ts';
import { assertOwnedObject } from './objects.ts';
import { confirmationCounts, hasVisited, isEstablished } from './wall-players.ts';
import { PROPOSED_SOURCE } from './wall-sources.ts';
import { getWallDetail } from './walls.ts';

/**
 * Players keeping walls honest (docs/decisions/026-walls-reports-moderation.md): a proposal,
 * a confirmation or a report and the status it changes are written in one transaction, with
 * the wall row locked, so simultaneous requests count every row exactly once.
 */

type Rule = Config['established'];

/**
 * Any fixed number, the same in every app process: the transaction-scoped advisory lock that
 * makes proposals take turns, so two proposals of one spot cannot both pass the 50 m check.
 */
const PROPOSING_LOCK = 7_405_200_216;

const CLOSED = 'This wall is closed: it can no longer be confirmed or reported.';
export const ALREADY_CONFIRMED = 'You have already confirmed painting here on that day.';
const NOT_VISITED =
  `Log a visit first: document a piece within ${VISIT_RADIUS_METRES} m of this wall, ` +
  'then you can confirm or report it.';

/** POST /api/legal-walls: stored unverified, refused within 50 m of a wall that is not closed. */
export async function proposeWall(
  db: Db,
  rule: Rule,
  userId: string,
  body: z.output<typeof ProposeWallSchema>,
): Promise<WallDetail> {
  await assertOwnedObject(db, userId, body.imageUrl);
  const spot = { latitude: body.latitude, longitude: body.longitude };
  const id = `wall-${randomUUID()}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PROPOSING_LOCK}::bigint)`);
    const distance = distanceKmSql(legalWalls.latitude, legalWalls.longitude, spot);
    const [near] = await tx
      .select({ name: legalWalls.name, km: distance })
      .from(legalWalls)
      .where(
        and(
          isNull(legalWalls.hiddenAt),
          ne(legalWalls.status, 'closed'),
          withinRadius(legalWalls.latitude, legalWalls.longitude, spot, PROPOSAL_MIN_METRES / 1000),
        ),
      )
      .orderBy(distance)
      .limit(1);
    if (near) {
      throw conflict(
        `"${near.name}" is already mapped ${Math.round(near.km * 1000)} m from here. ` +
          'Confirm or report that wall instead.',
      );
    }
    await tx.insert(legalWalls).values({
      id,
      name: body.name,
      description: body.description,
      city: body.city,
      country: body.country,
      address: body.address,
      hours: body.hours,
      permitRequired: body.permitRequired,
      permitRules: body.permitRules,
      latitude: body.latitude,
      longitude: body.longitude,
      imageUrl: body.imageUrl,
      source: PROPOSED_SOURCE,
      sourceUrl: body.sourceUrl,
      status: 'unverified',
      proposedById: userId,
    });
  });
  return getWallDetail(db, id, userId, rule);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A painted-on date is today or earlier wherever the player is (UTC+14 is the first place a
 * day begins) and at most a year back (from UTC-12, the last place it ends).
 */
function assertPaintedOn(paintedOn: string, now = Date.now()) {
  const latest = isoDay(now + 14 * 3_600_000);
  const earliest = isoDay(now - 12 * 3_600_000 - CONFIRMATION_MAX_AGE_DAYS * DAY_MS);
  if (paintedOn > latest) {
    throw badRequest("Invalid body field 'paintedOn': cannot be in the future.");
  }
  if (paintedOn < earliest) {
    throw badRequest("Invalid body field 'paintedOn': must be within the last year.");
  }
}

/** The wall locked for this transaction; 404 when missing or hidden, 409 when closed. */
export async function lockOpenWall(tx: Tx, wallId: string) {
  const [wall] = await tx
    .select({
      id: legalWalls.id,
      name: legalWalls.name,
      status: legalWalls.status,
      latitude: legalWalls.latitude,
      longitude: legalWalls.longitude,
      proposedById: legalWalls.proposedById,
    })
    .from(legalWalls)
    .where(and(eq(legalWalls.id, wallId), isNull(legalWalls.hiddenAt)))
    .for('update');
  if (!wall) throw notFound('Legal wall not found');
  if (wall.status === 'closed') throw conflict(CLOSED);
  return wall;
}

/**
 * POST /api/legal-walls/:id/confirmations. Kept whoever confirms; the wall turns verified
 * once CONFIRMATIONS_TO_VERIFY distinct established players other than the proposer have.
 */
export async function confirmWall(
  db: Db,
  rule: Rule,
  userId: string,
  wallId: string,
  body: z.output<typeof ConfirmWallSchema>,
): Promise<ConfirmedWall> {
  assertPaintedOn(body.paintedOn);
  if (body.imageUrl) await assertOwnedObject(db, userId, body.imageUrl);
  const counts = await db
    .transaction(async (tx) => {
      const wall = await lockOpenWall(tx, wallId);
      if (!(await hasVisited(tx, userId, wall))) throw forbidden(NOT_VISITED);
      await addConfirmation(tx, rule, wall, userId, body);
      return wall.proposedById !== userId && (await isEstablished(tx, userId, rule));
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err, 'wall_confirmations_once_idx')
        ? conflict(ALREADY_CONFIRMED)
        : err;
    });
  return { wall: await getWallDetail(db, wallId, userId, rule), counts };
}

/**
 * A confirmation of a wall the caller locked (lockOpenWall) and the status it changes: its
 * last confirmed day, and verified once enough established players confirmed it. Also how a
 * quest's visit confirms a wall (services/quest-answers.ts). Returns the confirmation's id.
 */
export async function addConfirmation(
  tx: Tx,
  rule: Rule,
  wall: Awaited<ReturnType<typeof lockOpenWall>>,
  userId: string,
  body: { paintedOn: string; imageUrl?: string | null | undefined },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(wallConfirmations).values({
    id,
    wallId: wall.id,
    userId,
    paintedOn: body.paintedOn,
    imageUrl: body.imageUrl,
  });
  await tx
    .update(legalWalls)
    .set({
      lastConfirmedAt: sql`greatest(${legalWalls.lastConfirmedAt},
        (${body.paintedOn}::date)::timestamp at time zone 'UTC')`,
    })
    .where(eq(legalWalls.id, wall.id));
  const countsOf = await confirmationCounts(tx, [wall.id], rule);
  if (wall.status === 'unverified' && countsOf(wall.id).counting >= CONFIRMATIONS_TO_VERIFY) {
    await tx.update(legalWalls).set({ status: 'verified' }).where(eq(legalWalls.id, wall.id));
    await tellWallProposer(tx, wall, 'wall_verified');
  }
  return id;
}

/**
 * POST /api/legal-walls/:id/reports. One open report per player (wall_reports_open_idx); open
 * reports from REPORTS_TO_DISPUTE distinct players dispute the wall until a moderator decides.
 */
export async function reportWall(
  db: Db,
  rule: Rule,
  userId: string,
  wallId: string,
  body: z.output<typeof ReportWallSchema>,
): Promise<WallDetail> {
  await db
    .transaction(async (tx) => {
      const wall = await lockOpenWall(tx, wallId);
      if (!(await hasVisited(tx, userId, wall))) throw forbidden(NOT_VISITED);
      await tx
        .insert(wallReports)
        .values({ id: randomUUID(), wallId, userId, reason: body.reason, note: body.note });
      const [open] = await tx
        .select({ n: sql<number>`count(distinct ${wallReports.userId})::int`.mapWith(Number) })
        .from(wallReports)
        .where(and(eq(wallReports.wallId, wallId), isNull(wallReports.resolvedAt)));
      if (wall.status !== 'disputed' && open!.n >= REPORTS_TO_DISPUTE) {
        await tx.update(legalWalls).set({ status: 'disputed' }).where(eq(legalWalls.id, wallId));
        await tellWallProposer(tx, wall, 'wall_disputed');
      }
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err, 'wall_reports_open_idx')
        ? conflict('You have already reported this wall. A moderator will look at it.')
        : err;
    });
  return getWallDetail(db, wallId, userId, rule);
}
