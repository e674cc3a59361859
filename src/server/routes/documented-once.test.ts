import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { verifyAsArtist } from '../../../test/artists.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { discoveries, objects, users } from '../db/schema.ts';

/**
 * One photo, one reward, held by the database: 50 requests fired at once with the same photo
 * (or near-copies of it) create one record and pay once; the others get a clean 409.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

const AT_ONCE = 50;
const ALREADY = { message: 'This photo has already been documented' };

const graffiti = (player: Player, imageUrl: string) =>
  player.request({
    method: 'POST',
    url: '/api/discoveries/graffiti',
    payload: { name: 'Fresh piece', latitude: -27.47, longitude: 153.02, imageUrl },
  });

const discovery = (player: Player, imageUrl: string) =>
  player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Mural', userRole: 'artist', latitude: -27.47, longitude: 153.02, imageUrl },
  });

async function balances(players: Player[]) {
  const ids = players.map((p) => p.id);
  return t.db
    .select({ tokens: users.tokens, discoveries: users.discoveries })
    .from(users)
    .where(inArray(users.id, ids));
}

async function recordsOf(imageUrls: string[]) {
  return t.db.select().from(discoveries).where(inArray(discoveries.imageUrl, imageUrls));
}

/** Exactly one 201; every other answer is the clean 409. */
function expectOneWinner(results: { statusCode: number; json(): unknown }[]) {
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  const losers = results.filter((r) => r.statusCode !== 201);
  expect(losers.map((r) => r.statusCode)).toEqual(Array(AT_ONCE - 1).fill(409));
  for (const r of losers) expect(r.json()).toEqual(ALREADY);
}

describe('one photo, one reward under concurrency', () => {
  it(
    `${AT_ONCE} simultaneous graffiti posts of one fresh photo: one record, 150 tokens`,
    { tags: ['concurrency'] },
    async () => {
      const p = await signUp(t.app);
      const imageUrl = await uploadPhoto(p, 'graffiti');
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () => graffiti(p, imageUrl)),
      );
      expectOneWinner(results);
      expect(await recordsOf([imageUrl])).toHaveLength(1);
      expect(await balances([p])).toEqual([{ tokens: 150, discoveries: 1 }]);
    },
  );

  it(
    `${AT_ONCE} players documenting near-copies of one photo at once: one is paid`,
    { tags: ['concurrency'] },
    async () => {
      const players = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(t.app)));
      // The same picture uploaded by everyone: 50 photos of their own, all within NEAR_COPY_BITS.
      const picture = uniquePhoto();
      const urls: string[] = [];
      for (const p of players) urls.push(await uploadPhoto(p, 'discovery', picture));
      const results = await Promise.all(players.map((p, i) => discovery(p, urls[i]!)));
      expectOneWinner(results);
      expect(await recordsOf(urls)).toHaveLength(1);
      const paid = await balances(players);
      // Choosing "artist" without a verified claim pays a photographer's 50 (decision 049).
      expect(paid.filter((b) => b.tokens === 50 && b.discoveries === 1)).toHaveLength(1);
      expect(paid.filter((b) => b.tokens === 0 && b.discoveries === 0)).toHaveLength(AT_ONCE - 1);
    },
  );

  it(
    'holds for a photo stored before photos were hashed (the unique index alone)',
    { tags: ['concurrency'] },
    async () => {
      const p = await signUp(t.app);
      // A verified artist, whose new piece pays 150 like a graffiti upload (decision 049).
      await verifyAsArtist(t.db, p.id);
      const id = randomBytes(18).toString('base64url');
      await t.db
        .insert(objects)
        .values({ id, ownerId: p.id, purpose: 'graffiti', contentType: 'image/webp', size: 1 });
      const imageUrl = `/objects/${id}`;
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) => (i % 2 ? graffiti : discovery)(p, imageUrl)),
      );
      expectOneWinner(results);
      expect(await recordsOf([imageUrl])).toHaveLength(1);
      // Graffiti and an artist's discovery both pay 150.
      expect(await balances([p])).toEqual([{ tokens: 150, discoveries: 1 }]);
    },
  );
});
