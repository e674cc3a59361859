import { sql } from 'drizzle-orm';
import { achievementsFor, type AchievementCounts } from '../../core/achievements.ts';
import { collectionFor } from '../../core/collection.ts';
import type { Achievement, CollectionItem } from '../../core/schemas/profile.ts';
import { rowsOf, type Db } from '../db/client.ts';

/** Counts what the player has done, in one round trip; each count walks a per-user index. */
export async function countAchievementProgress(db: Db, userId: string): Promise<AchievementCounts> {
  const result = await db.execute(sql`
    select
      coalesce((select discoveries from users where id = ${userId}), 0)::int as discoveries,
      (select count(*) from markers where user_id = ${userId})::int as markers,
      (select count(*) from forum_posts where user_id = ${userId})::int as forum_posts`);
  const row = rowsOf<{ discoveries: number; markers: number; forum_posts: number }>(result)[0];
  return {
    discoveries: Number(row?.discoveries ?? 0),
    markers: Number(row?.markers ?? 0),
    forumPosts: Number(row?.forum_posts ?? 0),
  };
}

/** Computed on every request from the database, never stored. */
export async function getAchievements(db: Db, userId: string): Promise<Achievement[]> {
  return achievementsFor(await countAchievementProgress(db, userId));
}

/** The NFT Collection, unlocked from the same counts as the achievements (never stored). */
export async function getCollection(db: Db, userId: string): Promise<CollectionItem[]> {
  return collectionFor(await countAchievementProgress(db, userId));
}
