import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AREA_LEADERBOARD_TOP } from '../../core/challenges.ts';
import type { AreaLeaderboard, AreaRank } from '../../core/schemas/challenges.ts';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { areaWeekResults, areaWeeksClosed } from '../db/challenges-schema.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { areaFinds, weekBoundsSql, type Area } from './challenge-weeks.ts';
import { shownUsername } from './hidden-content.ts';
import { logShownTo } from './privacy.ts';

/**
 * An area's leaderboard for one week (docs/decisions/045-challenges-and-privacy.md): players by
 * counted finds inside the area that week, more first; the same count ranks the player who
 * reached it first higher; the same count reached at the same moment shares a rank. Finds
 * inside a player's hidden home count for nobody else's view of the board, only on their own
 * row as they read it. Once the week is over its standings are kept (area_week_results), so a
 * find released or hidden later no longer changes them (on others' rows).
 */

/** Live standings: (user_id, finds, reached) for the week, as `viewerId` may see the finds. */
const liveStandings = (area: Area, week: string, viewerId: string | null) => sql`
  select user_id, count(*)::int as finds, max(at) as reached
  from (${areaFinds(area, week, logShownTo(viewerId))}) f
  group by user_id`;

/**
 * A finished week as kept, written as everyone sees it: the viewer's own row is read again
 * with their finds inside their hidden home, which the kept row leaves out.
 */
const keptStandings = (area: Area, week: string, viewerId: string) => sql`
  select ${areaWeekResults.userId} as user_id, ${areaWeekResults.finds} as finds,
         ${areaWeekResults.reachedAt} as reached
  from ${areaWeekResults}
  where ${areaWeekResults.areaId} = ${area.id} and ${areaWeekResults.week} = ${week}::date
    and ${areaWeekResults.userId} <> ${viewerId}
  union all
  select user_id, finds, reached from (${liveStandings(area, week, viewerId)}) own
  where own.user_id = ${viewerId}`;

/**
 * Keeps a finished week's standings, once: the first reader after the week ends writes them in
 * the transaction that claims the week's row; a reader at the same moment waits on that row and
 * then finds them written.
 */
async function closeWeek(db: Db, area: Area, week: string): Promise<void> {
  const [closed] = await db
    .select({ week: areaWeeksClosed.week })
    .from(areaWeeksClosed)
    .where(and(eq(areaWeeksClosed.areaId, area.id), eq(areaWeeksClosed.week, week)));
  if (closed) return;
  await db.transaction(async (tx: Tx) => {
    const claimed = await tx
      .insert(areaWeeksClosed)
      .values({ areaId: area.id, week })
      .onConflictDoNothing()
      .returning({ week: areaWeeksClosed.week });
    if (claimed.length === 0) return;
    await tx.execute(sql`
      insert into ${areaWeekResults} (area_id, week, user_id, finds, reached_at)
      select ${area.id}, ${week}::date, user_id, finds, reached from (${liveStandings(area, week, null)}) s`);
  });
}

interface RankRow {
  id: string;
  username: string;
  finds: number;
  rank: number;
  players: number;
}

/** The top AREA_LEADERBOARD_TOP rows and the viewer's own, ranked from `standings`. */
async function ranked(db: Db, standings: SQL, viewerId: string) {
  const result = await db.execute(sql`
    select r.user_id as id, ${shownUsername()} as username, r.finds, r.rank, r.players
    from (
      select s.user_id, s.finds,
             rank() over (order by s.finds desc, s.reached)::int as rank,
             row_number() over (order by s.finds desc, s.reached, s.user_id) as n,
             count(*) over ()::int as players
      from (${standings}) s
    ) r
    join ${users} on ${users.id} = r.user_id
    where r.n <= ${AREA_LEADERBOARD_TOP} or r.user_id = ${viewerId}
    order by r.n`);
  const rows = rowsOf<RankRow>(result).map((r): AreaRank & { players: number } => ({
    id: r.id,
    username: r.username,
    finds: Number(r.finds),
    rank: Number(r.rank),
    isCurrentUser: r.id === viewerId,
    players: Number(r.players),
  }));
  const mine = rows.find((r) => r.isCurrentUser);
  const strip = ({ players: _, ...r }: AreaRank & { players: number }): AreaRank => r;
  const top = rows.slice(0, AREA_LEADERBOARD_TOP);
  return {
    players: rows[0]?.players ?? 0,
    top: top.map(strip),
    me: mine && !top.includes(mine) ? strip(mine) : null,
  };
}

/** GET /api/challenges/areas/:id/leaderboard: this week live, or a finished week as kept. */
export async function areaLeaderboard(
  db: Db,
  area: Area,
  viewerId: string,
  week: string = area.week,
): Promise<AreaLeaderboard> {
  if (week > area.week) throw badRequest(`Invalid query field 'week': that week has not started.`);
  const closed = week < area.week;
  if (closed) await closeWeek(db, area, week);
  const standings = closed
    ? keptStandings(area, week, viewerId)
    : liveStandings(area, week, viewerId);
  const [bounds] = rowsOf<{ starts: Date | string; ends: Date | string }>(
    await db.execute(weekBoundsSql(area, week)),
  );
  return {
    area: { ...area, distanceKm: null },
    week,
    startsAt: new Date(bounds!.starts).toISOString(),
    endsAt: new Date(bounds!.ends).toISOString(),
    closed,
    ...(await ranked(db, standings, viewerId)),
  };
}
