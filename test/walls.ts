import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client.ts';
import { discoveries, legalWalls, users } from '../src/server/db/schema.ts';
import { signUp, type Player, type Spot } from './app.ts';

/** A wall as the seed or an import would store it, at `at`. */
export async function insertWall(
  db: Db,
  at: Spot,
  fields: Partial<typeof legalWalls.$inferInsert> = {},
): Promise<string> {
  const id = fields.id ?? `w-${randomUUID()}`;
  await db.insert(legalWalls).values({
    id,
    name: 'Test Wall',
    description: 'A wall for tests',
    city: 'Brisbane',
    country: 'Australia',
    address: '1 Test Lane',
    hours: '24/7',
    permitRequired: false,
    source: 'https://www.brisbane.qld.gov.au/walls ; https://example.org/press',
    ...at,
    ...fields,
  });
  return id;
}

/**
 * Documented discoveries of this player at `at`, written as the discoveries route stores them
 * (a photo each); the real flow is exercised where the test is about it.
 */
export async function addFinds(db: Db, player: Player, at: Spot, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db.insert(discoveries).values({
      id: randomUUID(),
      userId: player.id,
      kind: 'discovery',
      name: 'Mural',
      imageUrl: `/objects/${randomUUID().replaceAll('-', '')}`,
      emojiPin: 'tag',
      userRole: 'photographer',
      latitude: at.latitude,
      longitude: at.longitude,
      address: 'Test',
      tokensAwarded: 50,
    });
  }
}

/** Moves a player's account creation back in time. */
export async function ageAccount(db: Db, player: Player, days: number): Promise<void> {
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(users.id, player.id));
}

/** A new player established by the default rule (8 days old, 3 finds) who visited `at`. */
export async function establishedVisitor(app: FastifyInstance, db: Db, at: Spot): Promise<Player> {
  const player = await signUp(app);
  await ageAccount(db, player, 8);
  await addFinds(db, player, at, 3);
  return player;
}

/** Today's date (UTC), or `days` from it, as YYYY-MM-DD. */
export const dayFromToday = (days = 0) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
