import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/client.ts';
import { artworkLogs, artworks } from '../src/server/db/schema.ts';
import type { TourDetail, TourStopRef } from '../src/core/schemas/tours.ts';
import type { Player, Spot } from './app.ts';

/** Walking tours in tests: artworks placed as an import would, finds written as logs. */

/** `metres` north of `at` (1° of latitude ≈ 111,195 m). */
export const northOf = (at: Spot, metres: number): Spot => ({
  latitude: at.latitude + metres / 111_195,
  longitude: at.longitude,
});

/** An artwork as an open-data import stores it, at `at`. */
export async function insertArtwork(
  db: Db,
  at: Spot,
  fields: Partial<typeof artworks.$inferInsert> = {},
): Promise<string> {
  const id = fields.id ?? `art-test-${randomUUID()}`;
  await db.insert(artworks).values({
    id,
    title: 'Test mural',
    artistName: 'A. Painter',
    emojiPin: 'location',
    ...at,
    ...fields,
  });
  return id;
}

/** Artworks `gap` metres apart going north from `at`: a tour's worth of stops. */
export const artworksInARow = async (db: Db, at: Spot, count: number, gap = 200) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertArtwork(db, northOf(at, i * gap)));
  return ids;
};

/** A found log of the artwork by the player, held or not as `reviewStatus` says. */
export async function logFind(
  db: Db,
  player: Player,
  artworkId: string,
  reviewStatus: (typeof artworkLogs.$inferInsert)['reviewStatus'] = null,
  kind: 'found' | 'gone' = 'found',
): Promise<void> {
  await db.insert(artworkLogs).values({
    id: randomUUID(),
    artworkId,
    userId: player.id,
    kind,
    latitude: 0,
    longitude: 0,
    logDay: new Date().toISOString().slice(0, 10),
    reviewStatus,
  });
}

export const artworkStops = (ids: string[]): TourStopRef[] =>
  ids.map((id) => ({ kind: 'artwork', id }));

export const tourInput = (stops: object[], fields: object = {}) => ({
  title: 'Laneway walk',
  description: 'Paint on every corner.',
  city: 'Melbourne',
  stops,
  ...fields,
});

/** Makes a tour as the player, expecting it made. */
export async function makeTour(player: Player, payload: object): Promise<TourDetail> {
  const res = await player.request({ method: 'POST', url: '/api/tours', payload });
  if (res.statusCode !== 201) throw new Error(`tour not made: ${res.statusCode} ${res.body}`);
  return res.json<TourDetail>();
}
