import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { RECENT_LOG_HOURS } from '../../core/challenges.ts';
import type { HomeArea, Privacy } from '../../core/schemas/challenges.ts';
import type { Db } from '../db/client.ts';
import { playerPrivacy } from '../db/challenges-schema.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';
import { kmBetweenSql } from './nearby.ts';

/**
 * What others may see of where a player has been (docs/decisions/045-challenges-and-privacy.md).
 * Two rules, each written once here and used by every read that shows one player's logs to
 * another:
 * - a player's hidden home: whatever they log within its radius is shown to nobody else (the
 *   player still sees it);
 * - a log of the last RECENT_LOG_HOURS hours shows its UTC day, never its time.
 */

type Ref = AnyColumn | SQL;

/** The point lies inside the hidden home of the player `owner` (false for no player). */
export const insideHome = (owner: Ref, latitude: Ref, longitude: Ref): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${playerPrivacy} home
    where home.user_id = ${owner}
      and ${kmBetweenSql(latitude, longitude, sql`home.latitude`, sql`home.longitude`)} * 1000
        <= home.radius_m)`;

/**
 * Something `owner` logged at the point, as `viewerId` may see it: their own, or outside the
 * owner's hidden home. A null viewer is anyone else: what the public lists show everybody.
 */
export const shownTo = (viewerId: string | null, owner: Ref, latitude: Ref, longitude: Ref) =>
  viewerId === null
    ? sql<boolean>`(not ${insideHome(owner, latitude, longitude)})`
    : sql<boolean>`(${owner} = ${viewerId} or not ${insideHome(owner, latitude, longitude)})`;

/** An artwork log (a find, a gone or painted-over report) the viewer may see. */
export const logShownTo = (viewerId: string | null) =>
  shownTo(viewerId, artworkLogs.userId, artworkLogs.latitude, artworkLogs.longitude);

/** A discovery (a find's photo and pin) the viewer may see. */
export const discoveryShownTo = (viewerId: string | null) =>
  shownTo(viewerId, discoveries.userId, discoveries.latitude, discoveries.longitude);

/** The artwork's first find may name its finder to the viewer (a new piece is where it was). */
export const firstFindShownTo = (viewerId: string | null) =>
  shownTo(viewerId, artworks.firstFinderId, artworks.latitude, artworks.longitude);

/** Another player's log at an artwork (told in an inbox) may name them: not in their home. */
export const actorAtArtworkShown = (actor: Ref, artworkId: Ref): SQL<boolean> =>
  sql<boolean>`(not exists (select 1 from ${artworks} acted
    where acted.id = ${artworkId}
      and ${insideHome(actor, sql`acted.latitude`, sql`acted.longitude`)}))`;

/**
 * The player who acted at an artwork may be named in another's inbox (an item written at
 * `at`, when they acted): outside their hidden home, and only once a day has passed. Told
 * at once, a name would say where they were within the hour, finer than a day.
 */
export const actorAtArtworkNamed = (actor: Ref, artworkId: Ref, at: Ref): SQL<boolean> =>
  sql<boolean>`(${actorAtArtworkShown(actor, artworkId)}
    and ${at} <= now() - make_interval(hours => ${RECENT_LOG_HOURS}))`;

/**
 * The artwork's cover as the viewer sees it: none when it is the photo of a find hidden from
 * them (covers are discoveries' photos, found through their unique image index).
 */
export const shownCover = (viewerId: string | null): SQL<string | null> =>
  sql<string | null>`case when exists (select 1 from ${discoveries} cover
      where cover.image_url = ${artworks.coverImageUrl}
        and not ${shownTo(viewerId, sql`cover.user_id`, sql`cover.latitude`, sql`cover.longitude`)})
    then null else ${artworks.coverImageUrl} end`;

const RECENT_MS = RECENT_LOG_HOURS * 3_600_000;

/**
 * A log's time as reads about others show it: the start of its UTC day while it is under
 * RECENT_LOG_HOURS old. The same for every viewer (the player's own lists keep the time), so a
 * page that mixes their logs with others' still orders and compares them alike.
 */
export function shownTime(at: Date, now = Date.now()): Date {
  if (now - at.getTime() >= RECENT_MS) return at;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** shownTime as the API's ISO text. */
export const shownIso = (at: Date): string => shownTime(at).toISOString();

/** GET /api/profile/privacy. */
export async function getPrivacy(db: Db, userId: string): Promise<Privacy> {
  const [row] = await db
    .select({
      latitude: playerPrivacy.latitude,
      longitude: playerPrivacy.longitude,
      radiusM: playerPrivacy.radiusM,
    })
    .from(playerPrivacy)
    .where(eq(playerPrivacy.userId, userId));
  return { home: row ?? null };
}

/** PUT /api/profile/privacy/home: sets or moves the hidden home; applies to every log at once. */
export async function setHome(db: Db, userId: string, home: HomeArea): Promise<Privacy> {
  await db
    .insert(playerPrivacy)
    .values({ userId, ...home })
    .onConflictDoUpdate({
      target: playerPrivacy.userId,
      set: { ...home, updatedAt: sql`now()` },
    });
  return getPrivacy(db, userId);
}

/** DELETE /api/profile/privacy/home: logs inside the old home are shown again. */
export async function clearHome(db: Db, userId: string): Promise<Privacy> {
  await db.delete(playerPrivacy).where(eq(playerPrivacy.userId, userId));
  return { home: null };
}
