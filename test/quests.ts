import { randomUUID } from 'node:crypto';
import type { Quest, Quests } from '../src/core/schemas/quests.ts';
import type { Db } from '../src/server/db/client.ts';
import { artworks } from '../src/server/db/schema.ts';
import { uploadPhoto, type Player, type Spot } from './app.ts';
import { phoneJpeg } from './images.ts';

/** What the quest test files share: pieces where the tests put them, photos taken somewhere. */

const DAY_MS = 86_400_000;

/** About `metres` north of a spot. */
export const north = (at: Spot, metres: number): Spot => ({
  latitude: at.latitude + metres / 111_195,
  longitude: at.longitude,
});

/**
 * An artwork as an open-data import stores it (a source, no photo, no first finder, listed
 * `daysAgo` days ago), or with `fields` as a player's piece would be.
 */
export async function insertArtwork(
  db: Db,
  at: Spot,
  fields: Partial<typeof artworks.$inferInsert> & { daysAgo?: number } = {},
): Promise<string> {
  const { daysAgo = 1, ...rest } = fields;
  const id = `art-test-${randomUUID()}`;
  const listed = new Date(Date.now() - daysAgo * DAY_MS);
  await db.insert(artworks).values({
    id,
    title: 'Laneway mural',
    artistName: 'Test Painter',
    emojiPin: 'location',
    sourceId: 'test-open-data',
    sourceRecordId: id,
    address: '1 Test Lane',
    lastSeenAt: listed,
    createdAt: listed,
    ...at,
    ...rest,
  });
  return id;
}

let seed = 7_000;

/** A phone photo whose own GPS says it was taken at `at`, uploaded through the real flow. */
export const photoTakenAt = async (player: Player, at: Spot) =>
  uploadPhoto(player, 'discovery', await phoneJpeg({ seed: ++seed + process.pid, ...at }));

export const questsAt = (player: Player, at: Spot, accuracy = 20) =>
  player.request({
    url: `/api/quests?lat=${at.latitude}&lng=${at.longitude}&accuracy=${accuracy}`,
  });

export async function questsFor(player: Player, at: Spot, accuracy = 20): Promise<Quests> {
  const res = await questsAt(player, at, accuracy);
  if (res.statusCode !== 200) throw new Error(`quests refused: ${res.statusCode} ${res.body}`);
  return res.json<Quests>();
}

/** The quest about this target in the player's list at `at`, if offered. */
export async function questOn(player: Player, at: Spot, targetId: string): Promise<Quest | null> {
  return (await questsFor(player, at)).quests.find((q) => q.targetId === targetId) ?? null;
}

export const answer = (player: Player, kind: string, targetId: string, body: object) =>
  player.request({
    method: 'POST',
    url: `/api/quests/${kind}/${encodeURIComponent(targetId)}/answer`,
    payload: body,
  });
