import { asc, sql } from 'drizzle-orm';
import { levelForScore } from '../../core/rules.ts';
import { LEADERBOARD_SIZE, type LeaderboardEntry } from '../../core/schemas/community.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { HIDDEN_PLAYER, shownUsername } from './hidden-content.ts';

interface Standing {
  id: string;
  username: string;
  tokens: number;
  discoveries: number;
  firstFinds: number;
  score: number;
}

const toEntry = (u: Standing, rank: number, viewerId: string): LeaderboardEntry => ({
  id: u.id,
  username: u.username,
  tokens: u.tokens,
  discoveries: u.discoveries,
  firstFinds: u.firstFinds,
  score: u.score,
  level: levelForScore(u.score),
  rank,
  isCurrentUser: u.id === viewerId,
});

/**
 * The ranking order is score (tokens + 15 × discoveries, a generated column) high to low, then
 * the earlier account, then id — exactly users_score_idx, so both queries below walk the index.
 */
async function topPlayers(db: Db): Promise<Standing[]> {
  return db
    .select({
      id: users.id,
      username: sql<string>`${shownUsername()}`,
      tokens: users.tokens,
      discoveries: users.discoveries,
      firstFinds: users.firstFinds,
      score: users.score,
    })
    .from(users)
    .orderBy(sql`${users.score} desc nulls last`, asc(users.createdAt), asc(users.id))
    .limit(LEADERBOARD_SIZE);
}

/** One player's standing and real rank: 1 + the players ahead of them in the ranking order. */
async function standingOf(db: Db, userId: string): Promise<(Standing & { rank: number }) | null> {
  const result = await db.execute(sql`
    select u.id,
      case when u.profile_hidden_at is not null then ${HIDDEN_PLAYER} else u.username end as username,
      u.tokens, u.discoveries, u.first_finds as "firstFinds", u.score,
      1 + (select count(*) from users o
           where o.score > u.score
              or (o.score = u.score and (o.created_at, o.id) < (u.created_at, u.id)))::int as rank
    from users u where u.id = ${userId}`);
  const row = rowsOf<Standing & { rank: number | string }>(result)[0];
  return row ? { ...row, rank: Number(row.rank) } : null;
}

/**
 * The top LEADERBOARD_SIZE players with their 1-based rank. When the viewer is not among them,
 * their own entry (with its real rank) is appended as the last element.
 */
export async function getLeaderboard(db: Db, viewerId: string): Promise<LeaderboardEntry[]> {
  const entries = (await topPlayers(db)).map((u, i) => toEntry(u, i + 1, viewerId));
  if (!entries.some((e) => e.isCurrentUser)) {
    const me = await standingOf(db, viewerId);
    if (me) entries.push(toEntry(me, me.rank, viewerId));
  }
  return entries;
}
