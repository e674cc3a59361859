import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AreaLeaderboard, Challenge, ChallengeArea } from '../src/core/schemas/challenges.ts';
import type { Db } from '../src/server/db/client.ts';
import { challengeCompletions } from '../src/server/db/challenges-schema.ts';
import { artworkLogs, artworks, users } from '../src/server/db/schema.ts';
import type { Player, Spot } from './app.ts';

/** What the challenge and privacy tests share: areas, challenges, finds written fast, reads. */

/** Perth keeps one offset all year (UTC+8), far from every seeded area. */
export const PERTH = { latitude: -31.95, longitude: 115.86 };

export async function createArea(
  staff: Player,
  fields: Partial<{ name: string; latitude: number; longitude: number; radiusKm: number }> = {},
): Promise<ChallengeArea> {
  const res = await staff.request({
    method: 'POST',
    url: '/api/challenges/areas',
    payload: {
      name: `Area ${randomUUID().slice(0, 8)}`,
      city: 'Perth',
      ...PERTH,
      radiusKm: 2,
      timeZone: 'Australia/Perth',
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChallengeArea>();
}

export async function createChallenge(
  staff: Player,
  areaId: string,
  fields: Record<string, unknown> = {},
): Promise<Challenge> {
  const res = await staff.request({
    method: 'POST',
    url: '/api/challenges',
    payload: { areaId, kind: 'find', goal: 2, rewardTokens: 40, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Challenge>();
}

/** A player straight into users (a leaderboard's crowd costs no sign-ups). */
export async function insertPlayer(db: Db, username = `p_${randomUUID().slice(0, 12)}`) {
  const id = randomUUID();
  await db.insert(users).values({ id, username });
  return { id, username };
}

/**
 * A counted find of a new piece at `at` and `when`, as the discoveries route leaves it (a log
 * with a photo, not held): for crowds; the real route is used where the find itself is tested.
 */
export async function insertFind(
  db: Db,
  userId: string,
  at: Spot,
  when = new Date(),
  reviewStatus: 'pending' | null = null,
): Promise<string> {
  const artworkId = randomUUID();
  await db.insert(artworks).values({
    id: artworkId,
    title: 'Mural',
    emojiPin: 'tag',
    ...at,
    firstFinderId: userId,
    lastSeenAt: when,
    createdAt: when,
  });
  await db.insert(artworkLogs).values({
    id: randomUUID(),
    artworkId,
    userId,
    kind: 'found',
    imageUrl: `/objects/${randomUUID().replaceAll('-', '')}`,
    ...at,
    logDay: when.toISOString().slice(0, 10),
    reviewStatus,
    createdAt: when,
  });
  return artworkId;
}

/** A spot about `metres` east of `at`. */
export const east = (at: Spot, metres: number): Spot => ({
  latitude: at.latitude,
  longitude: at.longitude + metres / (111_320 * Math.cos((at.latitude * Math.PI) / 180)),
});

export async function challengesNear(player: Player, at: Spot): Promise<Challenge[]> {
  const res = await player.request({
    url: `/api/challenges?latitude=${at.latitude}&longitude=${at.longitude}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Challenge[]>();
}

export async function boardOf(player: Player, areaId: string, week?: string) {
  const res = await player.request({
    url: `/api/challenges/areas/${areaId}/leaderboard${week ? `?week=${week}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AreaLeaderboard>();
}

export const claim = (player: Player, challengeId: string, body?: object) =>
  player.request({
    method: 'POST',
    url: `/api/challenges/${challengeId}/claim`,
    ...(body ? { payload: body } : {}),
  });

/** The Monday `weeks` weeks before the given one ('YYYY-MM-DD'). */
export const weeksBefore = (week: string, weeks: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) - weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** The player's balance as stored. */
export async function tokensOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ tokens: users.tokens }).from(users).where(eq(users.id, userId));
  return row!.tokens;
}

/** The rewards paid to the player for the challenge, one row per week. */
export const completionsOf = (db: Db, challengeId: string, userId: string) =>
  db
    .select()
    .from(challengeCompletions)
    .where(
      and(
        eq(challengeCompletions.challengeId, challengeId),
        eq(challengeCompletions.userId, userId),
      ),
    );
