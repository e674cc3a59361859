import { sql } from 'drizzle-orm';
import type { Config, RateLimitRule } from '../config/config.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { tooManyRequests } from '../errors.ts';

/**
 * Fixed-window counter kept in the database, so every app instance shares it: one upsert that
 * starts a new window when the old one is over. With `onlyWithinLimit` a key at its limit is
 * left as it is and no row comes back.
 */
async function count(
  db: Db,
  key: string,
  rule: RateLimitRule,
  onlyWithinLimit: boolean,
): Promise<number[]> {
  const expired = sql`rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds})`;
  const guard = onlyWithinLimit
    ? sql`where ${expired} or rate_limits.count < ${rule.limit}`
    : sql``;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${expired} then 1 else rate_limits.count + 1 end,
      window_start = case when ${expired} then now() else rate_limits.window_start end
    ${guard}
    returning count`);
  return rowsOf<{ count: number }>(result).map((r) => Number(r.count));
}

/** Counts every request; true while the key is within its limit. */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<boolean> {
  return ((await count(db, key, rule, false))[0] ?? 0) <= rule.limit;
}

/**
 * Takes one unit of the key's budget only while some is left (atomically, so simultaneous
 * requests can never overshoot): a refused request is not counted. False when none is left.
 */
export async function takeRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<boolean> {
  return (await count(db, key, rule, true)).length > 0 && rule.limit > 0;
}

/** Gives back a unit taken with takeRateLimit (the attempt turned out not to count). */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function enforceRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  if (!(await hitRateLimit(db, key, rule))) throw tooManyRequests();
}

/** Every player write (creates, likes, deletes) shares one budget per player. */
export function enforceWriteLimit(db: Db, config: Config, userId: string): Promise<void> {
  return enforceRateLimit(db, `write:${userId}`, config.rateLimits.writesPerUser);
}

/** Old windows are useless; dropped at start-up so the table stays small. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
