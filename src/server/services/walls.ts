import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LegalWall, NearbyLegalWall, WallDetail } from '../../core/schemas/walls.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
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
  confirmationCounts,
  establishedSql,
  hasVisited,
  isEstablished,
  type ConfirmationCounts,
} from './wall-players.ts';
import { wallSourceOf } from './wall-sources.ts';
import { insideHome, shownTo } from './privacy.ts';

/** Most walls one map view shows; far more than any city has. */
export const IN_VIEW_WALLS_LIMIT = 1000;
/** Confirmations the wall panel lists. */
const RECENT_CONFIRMATIONS = 10;

type Rule = Config['established'];

/** A username, unless moderation hid the player's profile; `u` is a users alias. */
const shownName = (u: string) =>
  sql.raw(`case when ${u}.profile_hidden_at is null then ${u}.username end`);

const proposer = alias(users, 'proposer');

/** What a wall read selects: its public facts and where they come from. */
const wallColumns = {
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
  source: legalWalls.source,
  sourceId: legalWalls.sourceId,
  sourceUrl: legalWalls.sourceUrl,
  licence: legalWalls.licence,
  attribution: legalWalls.attribution,
  notInSourceSince: legalWalls.notInSourceSince,
  proposedById: legalWalls.proposedById,
  // Nobody is named for a wall proposed inside the proposer's hidden home.
  proposerName: sql<string | null>`case when ${insideHome(
    legalWalls.proposedById,
    legalWalls.latitude,
    legalWalls.longitude,
  )} then null else ${shownName('proposer')} end`,
};

/** Walls with their proposer. */
export const selectWalls = (db: Db | Tx) =>
  db
    .select(wallColumns)
    .from(legalWalls)
    .leftJoin(proposer, eq(proposer.id, legalWalls.proposedById));
type WallRow = Awaited<ReturnType<typeof selectWalls>>[number];

/** Walls with their proposer and their distance in km from `centre`. */
export const selectWallsFrom = (db: Db | Tx, centre: Centre) => {
  const distanceKm = distanceKmSql(legalWalls.latitude, legalWalls.longitude, centre);
  const query = db
    .select({ ...wallColumns, distanceKm })
    .from(legalWalls)
    .leftJoin(proposer, eq(proposer.id, legalWalls.proposedById));
  return { query, distanceKm };
};

function toWall(row: WallRow, confirmations: ConfirmationCounts): LegalWall {
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
    confirmations,
    source: wallSourceOf(row),
  };
}

/** The rows as the API shows them, their confirmations counted in one query for all. */
export async function toWalls(db: Db | Tx, rows: WallRow[], rule: Rule): Promise<LegalWall[]> {
  const countsOf = await confirmationCounts(
    db,
    rows.map((r) => r.id),
    rule,
  );
  return rows.map((row) => toWall(row, countsOf(row.id)));
}

/** Hidden walls are left out of every read; closed ones off the map and the lists. */
const shown = isNull(legalWalls.hiddenAt);
/** Literal, so the planner matches the partial indexes on open walls. */
export const open = sql`(${legalWalls.hiddenAt} is null and ${legalWalls.status} <> 'closed')`;

/** One wall, closed ones included (a link to it says it is closed); hidden ones are 404. */
async function getWallRow(db: Db | Tx, id: string): Promise<WallRow> {
  const [row] = await selectWalls(db).where(and(eq(legalWalls.id, id), shown));
  if (!row) throw notFound('Legal wall not found');
  return row;
}

/** Walls within radiusKm, closest first. */
export async function nearbyWalls(
  db: Db,
  centre: Centre,
  radiusKm: number,
  rule: Rule,
  limit = NEARBY_LIMIT,
): Promise<NearbyLegalWall[]> {
  const { query, distanceKm } = selectWallsFrom(db, centre);
  const rows = await query
    .where(and(open, withinRadius(legalWalls.latitude, legalWalls.longitude, centre, radiusKm)))
    .orderBy(distanceKm, asc(legalWalls.id))
    .limit(limit);
  const walls = await toWalls(db, rows, rule);
  return walls.map((wall, i) => ({ ...wall, distanceKm: rows[i]!.distanceKm }));
}

/** Walls inside the visible map box, for the map's markers. */
export async function wallsInView(db: Db, bounds: Bounds, rule: Rule): Promise<LegalWall[]> {
  const rows = await selectWalls(db)
    .where(and(open, withinBounds(legalWalls.latitude, legalWalls.longitude, bounds)))
    .orderBy(asc(legalWalls.id))
    .limit(IN_VIEW_WALLS_LIMIT);
  return toWalls(db, rows, rule);
}

/** The viewer's own username. */
async function nameOf(db: Db | Tx, viewerId: string): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, viewerId));
  return row?.username ?? null;
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
  const row = await getWallRow(db, id);
  // A wall proposed inside the proposer's hidden home still names them to themselves.
  const own = viewerId !== null && row.proposedById === viewerId;
  const shownRow = own ? { ...row, proposerName: await nameOf(db, viewerId) } : row;
  const [wall] = await toWalls(db, [shownRow], rule);
  const { proposedById } = row;
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
    .where(
      and(
        eq(wallConfirmations.wallId, id),
        shownTo(
          viewerId,
          wallConfirmations.userId,
          sql`${row.latitude}::double precision`,
          sql`${row.longitude}::double precision`,
        ),
      ),
    )
    .orderBy(desc(wallConfirmations.createdAt), desc(wallConfirmations.id))
    .limit(RECENT_CONFIRMATIONS);
  return {
    ...wall!,
    recentConfirmations: recent,
    viewer: viewerId ? await viewerOf(db, viewerId, { ...wall!, proposedById }, rule) : null,
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
