import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TourSource, TourStop, TourStopRef } from '../../core/schemas/tours.ts';
import { TOUR_LEG_MAX_KM, legMetres, type Place } from '../../core/tours.ts';
import type { Db, Tx } from '../db/client.ts';
import { artworkLogs, artworks, legalWalls } from '../db/schema.ts';
import { tourStops } from '../db/tours-schema.ts';
import { SOURCES } from '../import/sources.ts';
import { badRequest } from '../errors.ts';
import { countedLog } from './counted-log.ts';
import { hasVisited } from './wall-players.ts';

/*
 * A tour's stops as players see them (docs/decisions/044-walking-tours.md): each the artwork or
 * wall it visits, while that is on the map; and the check of an author's list of stops.
 */

/** An artwork on the map, or a wall on the map (not hidden, not closed). */
const artworkShown = sql`${artworks.hiddenAt} is null`;
const wallShown = sql`(${legalWalls.hiddenAt} is null and ${legalWalls.status} <> 'closed')`;

export interface StopPlace {
  tourId: string;
  kind: TourStop['kind'];
  id: string;
  title: string;
  subtitle: string | null;
  note: string | null;
  latitude: number;
  longitude: number;
  proposedById: string | null;
  source: TourSource | null;
}

const NOTES = {
  gone: 'Reported gone: it may no longer be there.',
  unverified: 'Not confirmed by players yet.',
  disputed: 'Disputed: players reported a problem.',
} as const;

/** What a walker should know before going: a piece reported gone, a wall not verified. */
function noteOf(
  artwork: typeof artworks.$inferSelect | null,
  wall: typeof legalWalls.$inferSelect | null,
): string | null {
  if (artwork) return artwork.status === 'gone' ? NOTES.gone : null;
  return wall?.status === 'unverified' || wall?.status === 'disputed' ? NOTES[wall.status] : null;
}

/**
 * The dataset a stop's facts come from: its credit, licence and page; null for what a player
 * or we mapped ourselves.
 */
function datasetOf(place: {
  sourceId: string | null;
  attribution: string | null;
  licence: string | null;
}): TourSource | null {
  const dataset = SOURCES.find((s) => s.id === place.sourceId);
  if (dataset) {
    return { attribution: dataset.attribution, licence: dataset.licence, url: dataset.page };
  }
  return place.attribution && place.licence
    ? { attribution: place.attribution, licence: place.licence, url: null }
    : null;
}

/** The shown stops of these tours, each tour's in walking order. */
export async function stopsOf(db: Db | Tx, tourIds: string[]): Promise<Map<string, StopPlace[]>> {
  const byTour = new Map<string, StopPlace[]>(tourIds.map((id) => [id, []]));
  if (tourIds.length === 0) return byTour;
  const rows = await db
    .select({ stop: tourStops, artwork: artworks, wall: legalWalls })
    .from(tourStops)
    .leftJoin(artworks, and(eq(artworks.id, tourStops.artworkId), artworkShown))
    .leftJoin(legalWalls, and(eq(legalWalls.id, tourStops.wallId), wallShown))
    .where(inArray(tourStops.tourId, tourIds))
    .orderBy(asc(tourStops.tourId), asc(tourStops.position));
  for (const { stop, artwork: a, wall: w } of rows) {
    const place = a ?? w;
    if (!place) continue;
    byTour.get(stop.tourId)!.push({
      tourId: stop.tourId,
      kind: a ? 'artwork' : 'wall',
      id: place.id,
      title: a ? a.title : w!.name,
      subtitle: a ? a.artistName : w!.city,
      note: noteOf(a, w),
      latitude: place.latitude,
      longitude: place.longitude,
      proposedById: w?.proposedById ?? null,
      source: datasetOf(place),
    });
  }
  return byTour;
}

/**
 * Which of these stops the player found: an artwork they logged as found with a log that
 * counts (services/counted-log.ts), a wall they visited (a documented find within 200 m, or
 * its proposal: the rule wall confirmations use).
 */
export async function foundStops(
  db: Db | Tx,
  userId: string,
  stops: StopPlace[],
): Promise<Set<string>> {
  const artworkIds = [...new Set(stops.filter((s) => s.kind === 'artwork').map((s) => s.id))];
  const found = new Set<string>();
  if (artworkIds.length) {
    const logs = await db
      .selectDistinct({ id: artworkLogs.artworkId })
      .from(artworkLogs)
      .where(
        and(
          eq(artworkLogs.userId, userId),
          eq(artworkLogs.kind, 'found'),
          inArray(artworkLogs.artworkId, artworkIds),
          countedLog,
        ),
      );
    for (const log of logs) found.add(`artwork:${log.id}`);
  }
  const walls = new Map(stops.filter((s) => s.kind === 'wall').map((s) => [s.id, s]));
  for (const wall of walls.values()) {
    if (await hasVisited(db, userId, wall)) found.add(`wall:${wall.id}`);
  }
  return found;
}

export const stopKey = (stop: { kind: string; id: string }) => `${stop.kind}:${stop.id}`;

/**
 * An author's stops, checked: each an artwork or wall on the map, each once, each within
 * TOUR_LEG_MAX_KM of the one before. Refused with a 400 naming the first stop that is not.
 */
export async function checkStops(tx: Tx, refs: TourStopRef[]): Promise<void> {
  const ids = (kind: TourStopRef['kind']) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const [shownArtworks, shownWalls] = await Promise.all([
    ids('artwork').length
      ? tx
          .select({ id: artworks.id, latitude: artworks.latitude, longitude: artworks.longitude })
          .from(artworks)
          .where(and(inArray(artworks.id, ids('artwork')), isNull(artworks.hiddenAt)))
      : [],
    ids('wall').length
      ? tx
          .select({
            id: legalWalls.id,
            latitude: legalWalls.latitude,
            longitude: legalWalls.longitude,
          })
          .from(legalWalls)
          .where(and(inArray(legalWalls.id, ids('wall')), wallShown))
      : [],
  ]);
  const places = new Map<string, Place>([
    ...shownArtworks.map((a) => [`artwork:${a.id}`, a] as const),
    ...shownWalls.map((w) => [`wall:${w.id}`, w] as const),
  ]);
  const seen = new Map<string, number>();
  refs.forEach((ref, i) => {
    const key = stopKey(ref);
    if (!places.has(key)) throw badRequest(`Stop ${i + 1} is not an artwork or wall on the map.`);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw badRequest(`Stop ${i + 1} is already stop ${earlier}: a tour visits each place once.`);
    }
    seen.set(key, i + 1);
  });
  legMetres(refs.map((r) => places.get(stopKey(r))!)).forEach((metres, i) => {
    if (metres > TOUR_LEG_MAX_KM * 1000) {
      throw badRequest(
        `Stop ${i + 1} is ${(metres / 1000).toFixed(1)} km from stop ${i}: stops may be at most ${TOUR_LEG_MAX_KM} km apart.`,
      );
    }
  });
}

/** Replaces a tour's stops with these, in order. */
export async function writeStops(tx: Tx, tourId: string, refs: TourStopRef[]): Promise<void> {
  await tx.delete(tourStops).where(eq(tourStops.tourId, tourId));
  await tx.insert(tourStops).values(
    refs.map((r, position) => ({
      tourId,
      position,
      artworkId: r.kind === 'artwork' ? r.id : null,
      wallId: r.kind === 'wall' ? r.id : null,
    })),
  );
}
