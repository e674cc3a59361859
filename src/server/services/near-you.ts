import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { challengeTitle } from '../../core/challenges.ts';
import { QUEST_QUESTIONS, questPeriod, type QuestKind } from '../../core/quests.ts';
import { PRO_MULTIPLIER } from '../../core/rules.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { challengeAreas, challenges } from '../db/challenges-schema.ts';
import { nearYouNotices, NEAR_YOU_TOPICS } from '../db/near-you-schema.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { multiplierOf } from './artwork-logs.ts';
import { areaColumns } from './challenge-weeks.ts';
import { runsIn } from './challenges.ts';
import { countedLog } from './counted-log.ts';
import { notifyNearYou } from './inbox.ts';
import { withinRadius } from './nearby.ts';
import { questsNear } from './quests.ts';

/**
 * "A quest or challenge near you" (docs/decisions/042-push.md, 043, 045). Quests are read from
 * the data and challenges run week after week: neither is created at a moment that could tell
 * anyone. So a sweep, every few minutes in each app process, looks for what a player has not
 * been told of:
 * - **challenge**: a week of a challenge running in an area where the player logged a counted
 *   find in the last CHALLENGE_RECENT_DAYS, once per player and week;
 * - **quest**: a quest within walking distance of the player's own latest counted find of the
 *   last QUEST_RECENT_DAYS that they were never told of, once per player and UTC day.
 * Only the player's own finds and public places are read: nobody learns where anyone else is.
 * Each notice's row (near_you_notices) is inserted in the transaction that tells it, so any
 * number of sweeps at once tell each notice once. Push follows the player's consent (notify).
 */

type Topic = (typeof NEAR_YOU_TOPICS)[number];

const CHALLENGE_RECENT_DAYS = 28;
const QUEST_RECENT_DAYS = 7;
/** Players looked at per topic and sweep: the next sweep goes on with the rest. */
const PLAYERS_PER_SWEEP = 200;

const recent = (days: number) =>
  gte(artworkLogs.createdAt, sql`now() - make_interval(days => ${days})`);
const countedFind = and(eq(artworkLogs.kind, 'found'), countedLog);
const notTold = (topic: Topic, period: string) =>
  sql`not exists (select 1 from ${nearYouNotices} n
    where n.user_id = ${artworkLogs.userId} and n.topic = ${topic} and n.period = ${period})`;

interface Notice {
  userId: string;
  topic: Topic;
  period: string;
  about: string;
  title: string;
  link: string;
  /** The reward on offer before the player's multiplier. */
  tokens: number;
}

/** Tells the notice unless its row is taken (this period, or this same thing before). */
async function tellOnce(db: Db, n: Notice): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [told] = await tx
      .insert(nearYouNotices)
      .values({ userId: n.userId, topic: n.topic, period: n.period, about: n.about })
      .onConflictDoNothing()
      .returning({ userId: nearYouNotices.userId });
    if (!told) return false;
    const tokens = n.tokens * (await multiplierOf(tx, n.userId, PRO_MULTIPLIER));
    await notifyNearYou(tx, n.userId, { title: n.title, link: n.link, tokens });
    return true;
  });
}

/** Each area's first challenge this week, to the players who logged finds there lately. */
async function challengeNotices(db: Db): Promise<number> {
  let told = 0;
  for (const area of await db.select(areaColumns(null)).from(challengeAreas)) {
    const [challenge] = await db
      .select()
      .from(challenges)
      .where(and(eq(challenges.areaId, area.id), runsIn(area.week)))
      .orderBy(asc(challenges.kind), asc(challenges.goal), asc(challenges.id))
      .limit(1);
    if (!challenge) continue;
    const players = await db
      .selectDistinct({ userId: artworkLogs.userId })
      .from(artworkLogs)
      .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
      .where(
        and(
          countedFind,
          recent(CHALLENGE_RECENT_DAYS),
          withinRadius(artworks.latitude, artworks.longitude, area, area.radiusKm),
          notTold('challenge', area.week),
        ),
      )
      .limit(PLAYERS_PER_SWEEP);
    for (const { userId } of players) {
      const sent = await tellOnce(db, {
        userId,
        topic: 'challenge',
        period: area.week,
        about: `${challenge.id}:${area.week}`,
        title: challengeTitle(challenge.kind, challenge.goal, area.name),
        link: '/challenges',
        tokens: challenge.rewardTokens,
      });
      if (sent) told++;
    }
  }
  return told;
}

const questTitle = (kind: QuestKind, title: string) => {
  const question = QUEST_QUESTIONS[kind];
  return question.endsWith('?') ? `${question} ${title}` : `${question}: ${title}`;
};

/** The closest quest near each recent finder's latest find that they were never told of. */
async function questNotices(db: Db, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const latest = rowsOf<{ user_id: string; latitude: number; longitude: number }>(
    // In random order: players with nothing new near them must not hold up the others.
    await db.execute(sql`
      select * from (
        select distinct on (${artworkLogs.userId}) ${artworkLogs.userId} as user_id,
               ${artworkLogs.latitude} as latitude, ${artworkLogs.longitude} as longitude
        from ${artworkLogs}
        where ${countedFind} and ${recent(QUEST_RECENT_DAYS)} and ${notTold('quest', today)}
        order by ${artworkLogs.userId}, ${artworkLogs.createdAt} desc) latest
      order by random()
      limit ${PLAYERS_PER_SWEEP}`),
  );
  let told = 0;
  for (const { user_id: userId, latitude, longitude } of latest) {
    const at = { latitude: Number(latitude), longitude: Number(longitude), accuracy: 0 };
    const { quests } = await questsNear(db, userId, at, 1);
    if (quests.length === 0) continue;
    const before = await db
      .select({ about: nearYouNotices.about })
      .from(nearYouNotices)
      .where(and(eq(nearYouNotices.userId, userId), eq(nearYouNotices.topic, 'quest')));
    // A piece they found already is no walk to somewhere new: its quest waits on the list.
    const found = await db
      .selectDistinct({ id: artworkLogs.artworkId })
      .from(artworkLogs)
      .where(
        and(
          eq(artworkLogs.userId, userId),
          countedFind,
          inArray(
            artworkLogs.artworkId,
            quests.map((q) => q.targetId),
          ),
        ),
      );
    const skip = new Set([...before.map((b) => b.about), ...found.map((f) => f.id)]);
    const quest = quests
      .map((q) => ({ q, about: `${q.kind}:${q.targetId}:${questPeriod(q.kind, now)}` }))
      .find(({ q, about }) => !skip.has(about) && !skip.has(q.targetId));
    if (!quest) continue;
    const sent = await tellOnce(db, {
      userId,
      topic: 'quest',
      period: today,
      about: quest.about,
      title: questTitle(quest.q.kind, quest.q.title),
      link: '/quests',
      tokens: quest.q.reward,
    });
    if (sent) told++;
  }
  return told;
}

/** One sweep: the notices it sent. */
export async function sendNearYouNotices(db: Db, now = new Date()): Promise<number> {
  return (await challengeNotices(db)) + (await questNotices(db, now));
}

/** Sweeps every `ms` in the background; returns how to stop. */
export function sweepNearYou(db: Db, ms: number, log: FastifyBaseLogger): () => void {
  const sweep = () =>
    void sendNearYouNotices(db).catch((err: unknown) =>
      log.warn({ err }, 'near-you notices failed'),
    );
  const timer = setInterval(sweep, ms).unref();
  return () => clearInterval(timer);
}
