import { and, asc, eq, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  ONCE,
  QUEST_REWARDS,
  QUEST_RULES,
  answerRadiusM,
  questPeriod,
  type QuestKind,
} from '../../core/quests.ts';
import type { Quest, Quests } from '../../core/schemas/quests.ts';
import type { Db } from '../db/client.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { artworkLogs, artworks, legalWalls } from '../db/schema.ts';
import { countedLog } from './counted-log.ts';
import { distanceKmSql, withinRadius, type Centre } from './nearby.ts';
import { shownCover } from './privacy.ts';

/**
 * Quests near you (docs/decisions/043-quests.md), read from the data each time: no quest is
 * stored, so none goes stale. Both reads are a box on a (latitude, longitude) index around the
 * player, closest first, a handful each; every condition on an artwork is an indexed lookup of
 * its own logs.
 */

const DAY_MS = 86_400_000;
type ArtworkQuestKind = Exclude<QuestKind, 'visit_wall'>;

/** A counted log of this kind of the artwork row in the outer query. */
const loggedSince = (kinds: SQL, since: SQL | null, photo: boolean) =>
  sql`exists (select 1 from ${artworkLogs} where ${artworkLogs.artworkId} = ${artworks.id}
    and ${artworkLogs.kind} in ${kinds} and ${countedLog}
    ${since ? sql`and ${artworkLogs.createdAt} > ${since}` : sql``}
    ${photo ? sql`and ${artworkLogs.imageUrl} is not null` : sql``})`;

const goneSinceSeen = loggedSince(
  sql`('gone', 'painted_over')`,
  sql`${artworks.lastSeenAt}`,
  false,
);

/**
 * Whether an artwork (the `artworks` row of the query) asks this question now. Every one needs
 * a piece on the map and standing: hidden or gone pieces ask nothing.
 */
export function artworkQuestOpen(kind: ArtworkQuestKind, now: Date): SQL<boolean> {
  const staleBefore = new Date(now.getTime() - QUEST_RULES.staleAfterDays * DAY_MS);
  const asks: Record<ArtworkQuestKind, SQL> = {
    // From open data, and no player's counted find has a photo of it yet.
    needs_photo: sql`${artworks.sourceId} is not null
      and not ${loggedSince(sql`('found')`, null, true)}`,
    // Not seen for a while, or reported gone since it was last seen (not yet gone).
    still_there: sql`(${artworks.lastSeenAt} < ${staleBefore.toISOString()}::timestamptz
      or ${goneSinceSeen})`,
    // Nobody named an artist ("Unknown" is what the graffiti form leaves).
    who_painted: sql`lower(trim(coalesce(${artworks.artistName}, ''))) in ('', 'unknown')`,
  };
  return sql<boolean>`(${artworks.hiddenAt} is null and ${artworks.status} = 'present'
    and ${asks[kind]})`;
}

/** The one question an artwork asks, most useful first: a photo also says it is still there. */
const ARTWORK_KINDS_FIRST: ArtworkQuestKind[] = ['needs_photo', 'still_there', 'who_painted'];

/** Not answered by this player in the kind's current period. */
const notAnsweredBy = (userId: string, targetId: SQL, kind: SQL, now: Date) =>
  notExists(
    sql`(select 1 from ${questAnswers} where ${questAnswers.userId} = ${userId}
      and ${questAnswers.targetId} = ${targetId} and ${questAnswers.kind} = ${kind}
      and ${questAnswers.period} = case ${kind} when 'still_there'
        then ${questPeriod('still_there', now)} else ${ONCE} end)`,
  );

async function artworkQuests(db: Db, userId: string, centre: Centre, now: Date) {
  const kind = sql<ArtworkQuestKind | null>`case ${sql.join(
    ARTWORK_KINDS_FIRST.map((k) => sql`when ${artworkQuestOpen(k, now)} then ${k}`),
    sql` `,
  )} end`;
  const distance = distanceKmSql(artworks.latitude, artworks.longitude, centre);
  const candidates = db
    .select({
      id: artworks.id,
      title: artworks.title,
      place: sql<string | null>`${artworks.address}`.as('place'),
      // Not a photo of a find inside its finder's hidden home (docs/decisions/045).
      imageUrl: shownCover(userId).as('image_url'),
      latitude: artworks.latitude,
      longitude: artworks.longitude,
      lastSeenAt: artworks.lastSeenAt,
      reportedGone: sql<boolean>`${goneSinceSeen}`.as('reported_gone'),
      kind: kind.as('kind'),
      km: distance.as('km'),
    })
    .from(artworks)
    .where(withinRadius(artworks.latitude, artworks.longitude, centre, QUEST_RULES.searchRadiusKm))
    .as('candidates');
  return db
    .select()
    .from(candidates)
    .where(
      and(
        sql`${candidates.kind} is not null`,
        notAnsweredBy(userId, sql`${candidates.id}`, sql`${candidates.kind}`, now),
      ),
    )
    .orderBy(asc(candidates.km), asc(candidates.id))
    .limit(QUEST_RULES.maxQuests);
}

/**
 * Unverified walls the player could help verify: not their own proposal, not one they have
 * confirmed already.
 */
async function wallQuests(db: Db, userId: string, centre: Centre, now: Date) {
  const distance = distanceKmSql(legalWalls.latitude, legalWalls.longitude, centre);
  return db
    .select({
      id: legalWalls.id,
      title: legalWalls.name,
      place: sql<string>`${legalWalls.address} || ', ' || ${legalWalls.city}`,
      imageUrl: legalWalls.imageUrl,
      latitude: legalWalls.latitude,
      longitude: legalWalls.longitude,
      km: distance,
    })
    .from(legalWalls)
    .where(
      and(
        withinRadius(legalWalls.latitude, legalWalls.longitude, centre, QUEST_RULES.searchRadiusKm),
        isNull(legalWalls.hiddenAt),
        eq(legalWalls.status, 'unverified'),
        or(isNull(legalWalls.proposedById), ne(legalWalls.proposedById, userId)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(wallConfirmations)
            .where(
              and(
                eq(wallConfirmations.wallId, legalWalls.id),
                eq(wallConfirmations.userId, userId),
              ),
            ),
        ),
        notAnsweredBy(userId, sql`${legalWalls.id}`, sql`'visit_wall'`, now),
      ),
    )
    .orderBy(distance, legalWalls.id)
    .limit(QUEST_RULES.maxQuests);
}

/** GET /api/quests: the closest quests around the player, pieces and walls together. */
export async function questsNear(
  db: Db,
  userId: string,
  at: Centre & { accuracy: number },
  multiplier: number,
): Promise<Quests> {
  const now = new Date();
  const [pieces, walls] = await Promise.all([
    artworkQuests(db, userId, at, now),
    wallQuests(db, userId, at, now),
  ]);
  const quest = (
    kind: QuestKind,
    row: Pick<Quest, 'title' | 'place' | 'imageUrl' | 'latitude' | 'longitude'> & {
      id: string;
      km: number;
    },
    extra: Pick<Quest, 'lastSeenAt' | 'reportedGone'>,
  ): Quest => ({
    kind,
    targetId: row.id,
    title: row.title,
    place: row.place,
    imageUrl: row.imageUrl,
    latitude: row.latitude,
    longitude: row.longitude,
    distanceM: Math.round(row.km * 1000),
    reward: QUEST_REWARDS[kind] * multiplier,
    ...extra,
  });
  const quests = [
    ...pieces.map((p) =>
      quest(p.kind!, p, {
        lastSeenAt: p.kind === 'still_there' ? new Date(p.lastSeenAt).toISOString() : null,
        reportedGone: p.kind === 'still_there' && p.reportedGone,
      }),
    ),
    ...walls.map((w) => quest('visit_wall', w, { lastSeenAt: null, reportedGone: false })),
  ]
    .sort((a, b) => a.distanceM - b.distanceM || a.targetId.localeCompare(b.targetId))
    .slice(0, QUEST_RULES.maxQuests);
  return {
    quests,
    answerRadiusM: answerRadiusM(at.accuracy),
    searchRadiusKm: QUEST_RULES.searchRadiusKm,
  };
}
