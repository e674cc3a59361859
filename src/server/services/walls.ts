import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { LegalWall, NearbyLegalWall, WallDetail } from '../../core/schemas/walls.ts';
import type { Config } from '../config/config.ts';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { wallConfirmations, wallReports } from '../db/moderation-schema.ts';
import { legalWalls, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import {
  NEARBY_LIMIT,
  distanceKmSql,
  withinBounds,
  withinRadius,
  type Bounds,
  type Centre,
} from './nearby.ts';
import {
  confirmingPlayersSql,
  countingConfirmationsSql,
  establishedSql,
  hasVisited,
  isEstablished,
} from './wall-players.ts';
import { wallSourceOf } from './wall-sources.ts';

/** Most walls one map view shows; far more than any city has. */
export const IN_VIEW_WALLS_LIMIT = 1000;
/** Confirmations the wall panel lists. */
const RECENT_CONFIRMATIONS = 10;

type Rule = Config['established'];

/** A username, unless moderation hid the player's profile; `u` is a users alias. */
const shownName = (u: string) =>
  sql.raw(`case when ${u}.profile_hidden_at is null then ${u}.username end`);

/** What a wall read selects: its public facts, where they come from, and its confirmations. */
const wallColumns = (rule: Rule) => ({
  id: legalWalls.id,
  name: legalWalls.name,
  description: legalWalls.description,
  city: legalWalls.city,
  country: legalWalls.country,
  address: legalWalls.address,
  hours: legalWalls.hours,
  permitRequired: legalWalls.permitRequired,
  latitude: legalWalls.latitude,
  longitude: legalWalls.longitude,
  status: legalWalls.status,
  imageUrl: legalWalls.imageUrl,
  permitRules: legalWalls.permitRules,
  lastConfirmedAt: legalWalls.lastConfirmedAt,
  listedYear: legalWalls.listedYear,
  players: confirmingPlayersSql('legal_walls'),
  counting: countingConfirmationsSql('legal_walls', rule),
  source: legalWalls.source,
  sourceId: legalWalls.sourceId,
  sourceUrl: legalWalls.sourceUrl,
  licence: legalWalls.licence,
  attribution: legalWalls.attribution,
  notInSourceSince: legalWalls.notInSourceSince,
  proposedById: legalWalls.proposedById,
  proposerName: sql<string | null>`(select ${shownName('u')} from users u
    where u.id = ${legalWalls.proposedById})`,
});

const selectWalls = (db: Db | Tx, rule: Rule) => db.select(wallColumns(rule)).from(legalWalls);
type WallRow = Awaited<ReturnType<typeof selectWalls>>[number];

function toWall(row: WallRow): LegalWall {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    city: row.city,
    country: row.country,
    address: row.address,
    hours: row.hours,
    permitRequired: row.permitRequired!,
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    imageUrl: row.imageUrl,
    permitRules: row.permitRules || null,
    lastConfirmedAt: row.lastConfirmedAt?.toISOString() ?? null,
    listedYear: row.listedYear,
    confirmations: { players: row.players, counting: row.counting },
    source: wallSourceOf(row),
  };
}

/** Hidden walls are left out of every read; closed ones off the map and the lists. */
const shown = isNull(legalWalls.hiddenAt);
const open = and(shown, ne(legalWalls.status, 'closed'));

/** Every open wall by name, ignoring case; a catalogue of hundreds, not millions. */
export async function listWalls(db: Db, rule: Rule): Promise<LegalWall[]> {
  const rows = await selectWalls(db, rule)
    .where(open)
    .orderBy(sql`lower(${legalWalls.name})`, asc(legalWalls.name), asc(legalWalls.id));
  return rows.map((r) => toWall(r));
}

/** One wall, closed ones included (a link to it says it is closed); hidden ones are 404. */
export async function getWall(db: Db | Tx, id: string, rule: Rule): Promise<LegalWall> {
  const [row] = await selectWalls(db, rule).where(and(eq(legalWalls.id, id), shown));
  if (!row) throw notFound('Legal wall not found');
  return toWall(row);
}

/** Walls within radiusKm, closest first. */
export async function nearbyWalls(
  db: Db,
  centre: Centre,
  radiusKm: number,
  rule: Rule,
  limit = NEARBY_LIMIT,
): Promise<NearbyLegalWall[]> {
  const distance = distanceKmSql(legalWalls.latitude, legalWalls.longitude, centre);
  const rows = await db
    .select({ ...wallColumns(rule), distanceKm: distance })
    .from(legalWalls)
    .where(and(open, withinRadius(legalWalls.latitude, legalWalls.longitude, centre, radiusKm)))
    .orderBy(distance, asc(legalWalls.id))
    .limit(limit);
  return rows.map((r) => ({ ...toWall(r), distanceKm: r.distanceKm }));
}

/** Walls inside the visible map box, for the map's markers. */
export async function wallsInView(db: Db, bounds: Bounds, rule: Rule): Promise<LegalWall[]> {
  const rows = await selectWalls(db, rule)
    .where(and(open, withinBounds(legalWalls.latitude, legalWalls.longitude, bounds)))
    .orderBy(asc(legalWalls.id))
    .limit(IN_VIEW_WALLS_LIMIT);
  return rows.map((r) => toWall(r));
}

/**
 * One wall for its panel: its newest confirmations (whether each counts) and, for a signed-in
 * player, whether they visited, proposed or reported it and whether their word counts.
 */
export async function getWallDetail(
  db: Db | Tx,
  id: string,
  viewerId: string | null,
  rule: Rule,
): Promise<WallDetail> {
  const wall = await getWall(db, id, rule);
  const [proposer] = await db
    .select({ proposedById: legalWalls.proposedById })
    .from(legalWalls)
    .where(eq(legalWalls.id, id));
  const proposedById = proposer?.proposedById ?? null;
  const recent = await db
    .select({
      username: sql<string | null>`${shownName('u')}`,
      paintedOn: wallConfirmations.paintedOn,
      imageUrl: wallConfirmations.imageUrl,
      counts: sql<boolean>`(${wallConfirmations.userId} is distinct from ${proposedById}::text
        and ${establishedSql('u', rule)})`,
    })
    .from(wallConfirmations)
    .innerJoin(sql`${users} u`, sql`u.id = ${wallConfirmations.userId}`)
    .where(eq(wallConfirmations.wallId, id))
    .orderBy(desc(wallConfirmations.createdAt), desc(wallConfirmations.id))
    .limit(RECENT_CONFIRMATIONS);
  return {
    ...wall,
    recentConfirmations: recent,
    viewer: viewerId ? await viewerOf(db, viewerId, { ...wall, proposedById }, rule) : null,
  };
}

async function viewerOf(
  db: Db | Tx,
  userId: string,
  wall: Centre & { id: string; proposedById: string | null },
  rule: Rule,
): Promise<NonNullable<WallDetail['viewer']>> {
  const proposer = wall.proposedById === userId;
  const [report] = await db
    .select({ id: wallReports.id })
    .from(wallReports)
    .where(
      and(
        eq(wallReports.wallId, wall.id),
        eq(wallReports.userId, userId),
        isNull(wallReports.resolvedAt),
      ),
    )
    .limit(1);
  return {
    visited: await hasVisited(db, userId, wall),
    proposer,
    reported: !!report,
    counts: !proposer && (await isEstablished(db, userId, rule)),
  };
}

/**
 * The next moment the wall list changes by the clock alone: a confirming player's account
 * reaches the established age, or their suspension ends (their confirmations start counting).
 */
export async function wallsStaleAt(db: Db, rule: Rule): Promise<Date | null> {
  const result = await db.execute(sql`select min(t) as at from (
      select u.created_at + make_interval(days => ${rule.minDays}::int) as t, u.id from users u
      union all select u.suspended_until, u.id from users u
    ) c
    where c.t > now() and exists (select 1 from wall_confirmations wc where wc.user_id = c.id)`);
  const at = rowsOf<{ at: Date | string | null }>(result)[0]?.at;
  return at ? new Date(at) : null;
}
