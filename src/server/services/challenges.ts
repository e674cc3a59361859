import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { challengeTitle, type ChallengeKind } from '../../core/challenges.ts';
import type {
  Challenge,
  ChallengeArea,
  ClaimedChallenge,
  CreateChallenge,
  CreateChallengeArea,
} from '../../core/schemas/challenges.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Config } from '../config/config.ts';
import { isUniqueViolation, rowsOf, type Db, type Tx } from '../db/client.ts';
import { challengeAreas, challengeCompletions, challenges } from '../db/challenges-schema.ts';
import { artworkLogs, legalWalls, users } from '../db/schema.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { recordModerationAction } from './audit-log.ts';
import { areaColumns, areaFinds, inWeek, weekBoundsSql, type Area } from './challenge-weeks.ts';
import { notify } from './inbox.ts';
import { withinRadius, type Centre } from './nearby.ts';
import { entitlementsOf } from './users.ts';
import { establishedSql } from './wall-players.ts';

/**
 * Weekly challenges (docs/decisions/045-challenges-and-privacy.md): staff set a goal for an
 * area; each week a player's counted finds (or counted wall confirmations) inside it move them
 * towards it, and the reward is claimed once per week, held by challenge_completions' key.
 */

type Rule = Config['established'];

/** Areas listed with their challenges, the closest first when a point is given. */
const AREAS_LISTED = 20;

type ChallengeRow = typeof challenges.$inferSelect;

/** One area with this week in its zone; 404 when there is none. */
export async function getArea(db: Db | Tx, id: string): Promise<Area> {
  const [row] = await db
    .select(areaColumns(null))
    .from(challengeAreas)
    .where(eq(challengeAreas.id, id));
  if (!row) throw notFound('Challenge area not found');
  return withoutDistance(row);
}

const withoutDistance = ({ distanceKm: _, ...area }: ChallengeArea): Area => area;

/** Every area, the closest to `from` first (else by city and name). */
export async function listAreas(db: Db, from: Centre | null): Promise<ChallengeArea[]> {
  const columns = areaColumns(from);
  return db
    .select(columns)
    .from(challengeAreas)
    .orderBy(
      ...(from ? [columns.distanceKm] : []),
      asc(challengeAreas.city),
      asc(challengeAreas.name),
      asc(challengeAreas.id),
    )
    .limit(AREAS_LISTED);
}

/** The player's counted finds inside the area that week. */
async function findsOf(db: Db | Tx, area: Area, week: string, userId: string) {
  const result = await db.execute(sql`
    select count(*)::int as n from (${areaFinds(area, week, eq(artworkLogs.userId, userId))}) f`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The walls the player confirmed inside the area that week whose confirmation counts: not
 * their own proposal, not hidden, by an established player (as wall verification counts them).
 */
async function confirmationsOf(db: Db | Tx, area: Area, week: string, userId: string, rule: Rule) {
  const result = await db.execute(sql`
    select count(distinct ${wallConfirmations.wallId})::int as n
    from ${wallConfirmations}
    join ${legalWalls} on ${legalWalls.id} = ${wallConfirmations.wallId}
    join users u on u.id = ${wallConfirmations.userId}
    where ${wallConfirmations.userId} = ${userId} and ${legalWalls.hiddenAt} is null
      and ${wallConfirmations.userId} is distinct from ${legalWalls.proposedById}
      and ${inWeek(wallConfirmations.createdAt, area, week)}
      and ${withinRadius(legalWalls.latitude, legalWalls.longitude, area, area.radiusKm)}
      and ${establishedSql('u', rule)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

function progressOf(
  db: Db | Tx,
  c: ChallengeRow,
  area: Area,
  week: string,
  userId: string,
  rule: Rule,
) {
  return c.kind === 'find'
    ? findsOf(db, area, week, userId)
    : confirmationsOf(db, area, week, userId, rule);
}

/** The challenge as the player sees it for a week: progress and whether it was claimed. */
async function toChallenge(
  db: Db | Tx,
  c: ChallengeRow,
  area: ChallengeArea,
  week: string,
  userId: string,
  rule: Rule,
): Promise<Challenge> {
  const [bounds] = rowsOf<{ starts: Date | string; ends: Date | string }>(
    await db.execute(weekBoundsSql(area, week)),
  );
  const [claimed] = await db
    .select({ week: challengeCompletions.week })
    .from(challengeCompletions)
    .where(
      and(
        eq(challengeCompletions.challengeId, c.id),
        eq(challengeCompletions.week, week),
        eq(challengeCompletions.userId, userId),
      ),
    );
  return {
    id: c.id,
    kind: c.kind,
    title: challengeTitle(c.kind, c.goal, area.name),
    goal: c.goal,
    rewardTokens: c.rewardTokens,
    area,
    week,
    startsAt: new Date(bounds!.starts).toISOString(),
    endsAt: new Date(bounds!.ends).toISOString(),
    progress: await progressOf(db, c, area, week, userId, rule),
    claimed: !!claimed,
  };
}

/** Running in that week: from its first week, up to its last (if it has one). */
export const runsIn = (week: SQL | string) =>
  and(
    lte(challenges.firstWeek, sql`${week}::date`),
    or(isNull(challenges.lastWeek), gte(challenges.lastWeek, sql`${week}::date`)),
  );

/** GET /api/challenges: this week's challenges, in the areas closest to the point first. */
export async function listChallenges(
  db: Db,
  userId: string,
  from: Centre | null,
  rule: Rule,
): Promise<Challenge[]> {
  const areas = await listAreas(db, from);
  const list: Challenge[] = [];
  for (const area of areas) {
    const running = await db
      .select()
      .from(challenges)
      .where(and(eq(challenges.areaId, area.id), runsIn(area.week)))
      .orderBy(asc(challenges.kind), asc(challenges.goal), asc(challenges.id));
    for (const c of running) list.push(await toChallenge(db, c, area, area.week, userId, rule));
  }
  return list;
}

async function challengeRow(db: Db | Tx, id: string) {
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  if (!row) throw notFound('Challenge not found');
  return row;
}

/**
 * POST /api/challenges/:id/claim: pays the reward for a week whose goal the player reached (this
 * week by default). The completion row's key is the once: of many claims at the same moment one
 * inserts it and pays, the others find it taken and pay nothing.
 */
export async function claimChallenge(
  db: Db,
  user: SessionUser,
  id: string,
  requested: string | undefined,
  rule: Rule,
): Promise<ClaimedChallenge> {
  return db.transaction(async (tx) => {
    const c = await challengeRow(tx, id);
    const area = await getArea(tx, c.areaId);
    const week = requested ?? area.week;
    if (week > area.week) throw badRequest(`Invalid body field 'week': that week has not started.`);
    if (week < c.firstWeek || (c.lastWeek !== null && week > c.lastWeek)) {
      throw badRequest(`Invalid body field 'week': this challenge does not run that week.`);
    }
    const progress = await progressOf(tx, c, area, week, user.id, rule);
    if (progress < c.goal) throw conflict(`Not done yet: ${progress} of ${c.goal}.`);
    const tokens = c.rewardTokens * entitlementsOf(user).tokenMultiplier;
    const paid = await tx
      .insert(challengeCompletions)
      .values({ challengeId: c.id, week, userId: user.id, tokens })
      .onConflictDoNothing()
      .returning({ week: challengeCompletions.week });
    if (paid.length === 0) throw conflict('You already claimed this reward for that week.');
    await tx
      .update(users)
      .set({ tokens: sql`${users.tokens} + ${tokens}` })
      .where(eq(users.id, user.id));
    const title = challengeTitle(c.kind, c.goal, area.name);
    await notify(tx, user.id, { kind: 'mission_completed', title, tokens });
    const challenge = await toChallenge(tx, c, { ...area, distanceKm: null }, week, user.id, rule);
    return { challengeId: c.id, week, tokens, challenge };
  });
}

/** POST /api/challenges/areas (staff): a new area, audited. */
export async function createArea(
  db: Db,
  staff: SessionUser,
  input: CreateChallengeArea,
): Promise<ChallengeArea> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(challengeAreas)
      .values({ id, ...input })
      .catch((err: unknown) => {
        throw isUniqueViolation(err, 'challenge_areas_name_idx')
          ? conflict('An area of that name already exists in that city.')
          : err;
      });
    await recordModerationAction(tx, {
      actorId: staff.id,
      actorLabel: staff.username,
      action: 'create_challenge_area',
      targetType: 'challenge_area',
      targetId: id,
      reason: `${input.name}, ${input.city}`,
    });
  });
  return { ...(await getArea(db, id)), distanceKm: null };
}

/** POST /api/challenges (staff): a challenge in an area, from this week unless told. */
export async function createChallenge(
  db: Db,
  staff: SessionUser,
  input: CreateChallenge,
  rule: Rule,
): Promise<Challenge> {
  return db.transaction(async (tx) => {
    const area = await getArea(tx, input.areaId).catch(() => {
      throw badRequest(`Invalid body field 'areaId': no such area.`);
    });
    const firstWeek = input.firstWeek ?? area.week;
    const lastWeek = input.lastWeek ?? null;
    if (lastWeek !== null && lastWeek < firstWeek) {
      throw badRequest(`Invalid body field 'lastWeek': must not be before firstWeek.`);
    }
    if (lastWeek !== null && lastWeek < area.week) {
      throw badRequest(`Invalid body field 'lastWeek': that week is over.`);
    }
    const [row] = await tx
      .insert(challenges)
      .values({
        id: randomUUID(),
        areaId: area.id,
        kind: input.kind satisfies ChallengeKind,
        goal: input.goal,
        rewardTokens: input.rewardTokens,
        firstWeek,
        lastWeek,
        createdById: staff.id,
      })
      .returning();
    await recordModerationAction(tx, {
      actorId: staff.id,
      actorLabel: staff.username,
      action: 'create_challenge',
      targetType: 'challenge',
      targetId: row!.id,
      reason: challengeTitle(row!.kind, row!.goal, area.name),
      details: { firstWeek, lastWeek, rewardTokens: row!.rewardTokens },
    });
    const week = firstWeek > area.week ? firstWeek : area.week;
    return toChallenge(tx, row!, { ...area, distanceKm: null }, week, staff.id, rule);
  });
}
