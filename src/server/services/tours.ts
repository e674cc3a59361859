import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { distanceKm } from '../../core/geo.ts';
import { isStaffRole } from '../../core/roles.ts';
import type {
  TourDetail,
  TourInput,
  TourList,
  TourListQuery,
  TourSource,
  TourSummary,
} from '../../core/schemas/tours.ts';
import { legMetres, routeMetres, walkMinutes } from '../../core/tours.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { artworks, foldText, legalWalls, users } from '../db/schema.ts';
import { tourStops, tours } from '../db/tours-schema.ts';
import { forbidden, notFound } from '../errors.ts';
import { shownUsername } from './hidden-content.ts';
import { withinRadius } from './nearby.ts';
import { hiddenTourNews } from './tour-removal.ts';
import {
  checkStops,
  foundStops,
  stopKey,
  stopsOf,
  writeStops,
  type StopPlace,
} from './tour-stops.ts';
import { isEstablished } from './wall-players.ts';

/*
 * Walking tours (docs/decisions/044-walking-tours.md): listed by city or nearest first, read with
 * their stops, line and the player's progress, made by staff and established players and
 * changed by their author only.
 */

type Rule = Config['established'];
type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** A list holds at most this many tours. */
export const TOUR_LIST_LIMIT = 100;
/** "Near" a point: a stop within this many kilometres. */
export const TOURS_NEAR_KM = 50;

const NOT_FOUND = 'That tour was not found.';
export const NOT_YOURS = 'Only its author can change this tour.';
/** Why a player may not make tours yet, with the rule the server runs on. */
export function notTrusted({ minDays, minFinds }: Rule): string {
  const age = minDays > 0 ? ` at least ${minDays} days old` : '';
  return `Tours are made by staff and established players: an account${age} with ${minFinds} documented finds.`;
}

/** Shown to everyone while not hidden; a hidden tour to its author only. */
const visibleTo = (viewer: Viewer): SQL =>
  viewer ? or(isNull(tours.hiddenAt), eq(tours.authorId, viewer.id))! : isNull(tours.hiddenAt);

const tourColumns = {
  id: tours.id,
  title: tours.title,
  description: tours.description,
  city: tours.city,
  authorId: tours.authorId,
  hiddenAt: tours.hiddenAt,
  author: shownUsername(),
  authorRole: users.role,
};
const selectTours = (db: Db | Tx) =>
  db.select(tourColumns).from(tours).leftJoin(users, eq(users.id, tours.authorId));
type TourRow = Awaited<ReturnType<typeof selectTours>>[number];

/** The summary of a tour from its shown stops; `found` counts what the viewer found of them. */
function summarise(
  row: TourRow,
  stops: StopPlace[],
  found: Set<string> | null,
  from: { latitude: number; longitude: number } | null,
): TourSummary {
  const distanceMetres = routeMetres(stops);
  const start = stops[0] ?? { latitude: 0, longitude: 0 };
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    stopCount: stops.length,
    distanceMetres,
    walkMinutes: walkMinutes(distanceMetres),
    start: { latitude: start.latitude, longitude: start.longitude },
    author: row.authorId ? row.author : null,
    curated: row.authorId === null || (row.authorRole !== null && isStaffRole(row.authorRole)),
    found: found && stops.filter((s) => found.has(stopKey(s))).length,
    distanceKm: from && distanceKm(from.latitude, from.longitude, start.latitude, start.longitude),
    hidden: row.hiddenAt !== null,
  };
}

/** Whether this player may make tours: staff, or established now. */
async function mayMakeTours(db: Db | Tx, viewer: Viewer, rule: Rule): Promise<boolean> {
  if (!viewer) return false;
  return isStaffRole(viewer.role) || isEstablished(db, viewer.id, rule);
}

/** A tour with a stop within TOURS_NEAR_KM of the point. */
const stopNear = (point: { latitude: number; longitude: number }) => sql`exists (
    select 1 from ${tourStops}
    left join ${artworks} on ${artworks.id} = ${tourStops.artworkId}
    left join ${legalWalls} on ${legalWalls.id} = ${tourStops.wallId}
    where ${tourStops.tourId} = ${tours.id}
      and (${withinRadius(artworks.latitude, artworks.longitude, point, TOURS_NEAR_KM)}
        or ${withinRadius(legalWalls.latitude, legalWalls.longitude, point, TOURS_NEAR_KM)}))`;

/**
 * GET /api/tours: the tours of a city (its name ignoring case and accents), or those with a
 * stop within TOURS_NEAR_KM of a point, nearest start first; else every tour by city and title.
 * Tours left with fewer than two shown stops are not listed.
 */
export async function listTours(
  db: Db,
  query: TourListQuery,
  viewer: Viewer,
  rule: Rule,
): Promise<TourList> {
  const point =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : null;
  const conditions = [visibleTo(viewer)];
  if (query.city)
    conditions.push(sql`${foldText(sql`${tours.city}`)} = ${foldText(sql`${query.city}`)}`);
  if (point) conditions.push(stopNear(point));
  const rows = await selectTours(db)
    .where(and(...conditions))
    .orderBy(asc(tours.city), asc(tours.title), asc(tours.id))
    .limit(TOUR_LIST_LIMIT);
  const stops = await stopsOf(
    db,
    rows.map((r) => r.id),
  );
  const found = viewer ? await foundStops(db, viewer.id, [...stops.values()].flat()) : null;
  const list = rows
    .map((row) => summarise(row, stops.get(row.id)!, found, point))
    .filter((t) => t.stopCount >= 2);
  if (point) list.sort((a, b) => a.distanceKm! - b.distanceKm!);
  return { tours: list, canCreate: await mayMakeTours(db, viewer, rule) };
}

/** The datasets and licences the stops' facts come from, each once. */
function sourcesOf(stops: StopPlace[]): TourSource[] {
  const seen = new Map<string, TourSource>();
  for (const { source } of stops) if (source) seen.set(JSON.stringify(source), source);
  return [...seen.values()];
}

/** GET /api/tours/:id: 404 for an unknown tour, or a hidden one that is not the viewer's. */
export async function getTour(db: Db | Tx, id: string, viewer: Viewer): Promise<TourDetail> {
  const [row] = await selectTours(db).where(and(eq(tours.id, id), visibleTo(viewer)));
  if (!row) throw notFound((await hiddenTourNews(db, id, viewer?.id ?? null)) ?? NOT_FOUND);
  const stops = (await stopsOf(db, [id])).get(id)!;
  const found = viewer ? await foundStops(db, viewer.id, stops) : null;
  const legs = legMetres(stops);
  return {
    ...summarise(row, stops, found, null),
    description: row.description,
    stops: stops.map((s, i) => ({
      kind: s.kind,
      id: s.id,
      title: s.title,
      subtitle: s.subtitle,
      note: s.note,
      latitude: s.latitude,
      longitude: s.longitude,
      legMetres: Math.round(legs[i]!),
      found: found && found.has(stopKey(s)),
    })),
    line: { type: 'LineString', coordinates: stops.map((s) => [s.longitude, s.latitude]) },
    sources: sourcesOf(stops),
    mine: viewer !== null && row.authorId === viewer.id,
    mayDelete: viewer !== null && (row.authorId === viewer.id || isStaffRole(viewer.role)),
  };
}

/** POST /api/tours: staff and established players only (403); the stops are checked (400). */
export async function createTour(
  db: Db,
  author: NonNullable<Viewer>,
  input: TourInput,
  rule: Rule,
): Promise<TourDetail> {
  if (!(await mayMakeTours(db, author, rule))) throw forbidden(notTrusted(rule));
  return db.transaction(async (tx) => {
    await checkStops(tx, input.stops);
    const id = randomUUID();
    const { title, description, city } = input;
    await tx.insert(tours).values({ id, title, description, city, authorId: author.id });
    await writeStops(tx, id, input.stops);
    return getTour(tx, id, author);
  });
}

/**
 * PUT /api/tours/:id: its author replaces title, words and stops. The tour's row is locked
 * first, so updates of one tour run one at a time and its stops are always one list whole.
 * 404 for what the player cannot see, 403 for someone else's tour.
 */
export async function updateTour(
  db: Db,
  author: NonNullable<Viewer>,
  id: string,
  input: TourInput,
): Promise<TourDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: tours.authorId })
      .from(tours)
      .where(and(eq(tours.id, id), visibleTo(author)))
      .for('update');
    if (!row) throw notFound(NOT_FOUND);
    if (row.authorId !== author.id) throw forbidden(NOT_YOURS);
    await checkStops(tx, input.stops);
    const { title, description, city } = input;
    await tx
      .update(tours)
      .set({ title, description, city, updatedAt: new Date() })
      .where(eq(tours.id, id));
    await writeStops(tx, id, input.stops);
    return getTour(tx, id, author);
  });
}
