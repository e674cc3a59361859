import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, uploadPhoto, type TestApp } from '../../../test/app.ts';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import { artworkLogs, artworks, users } from '../db/schema.ts';

/**
 * One log of each kind per player per artwork per day, and one finder's bonus per player, held
 * by the database (artwork_logs_daily_idx and the artwork's row lock): 50 requests fired at
 * once. Meaningful on Postgres (TEST_DATABASE_URL); PGlite runs them one after another.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    // One player uploads AT_ONCE photos at once to set the race up.
    config: { uploadsInFlightPerUser: AT_ONCE },
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

const AT_ONCE = 50;
const at = { latitude: -27.47, longitude: 153.02 };

async function newArtwork() {
  const first = await signUp(t.app);
  const imageUrl = await uploadPhoto(first);
  const res = await first.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Koala', ...at, imageUrl },
  });
  return { first, artworkId: res.json<CreatedDiscovery>().artworkId! };
}

describe(`${AT_ONCE} logs at once`, () => {
  it(
    'one player finding one artwork 50 times at once: one find, one payment, one bonus',
    { tags: ['concurrency'] },
    async () => {
      const { first, artworkId } = await newArtwork();
      const finder = await signUp(t.app);
      const photos = await Promise.all(Array.from({ length: AT_ONCE }, () => uploadPhoto(finder)));
      const results = await Promise.all(
        photos.map((imageUrl) =>
          finder.request({
            method: 'POST',
            url: '/api/discoveries',
            payload: { name: 'Koala', ...at, imageUrl, artworkId },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode !== 201)) {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({
          message: 'You already logged this artwork today. Come back tomorrow.',
        });
      }
      const balances = await t.db
        .select({ id: users.id, tokens: users.tokens, discoveries: users.discoveries })
        .from(users);
      expect(balances.find((b) => b.id === finder.id)).toMatchObject({
        tokens: 20,
        discoveries: 1,
      });
      expect(balances.find((b) => b.id === first.id)).toMatchObject({ tokens: 55 });
      const logs = await t.db
        .select()
        .from(artworkLogs)
        .where(and(eq(artworkLogs.artworkId, artworkId), eq(artworkLogs.userId, finder.id)));
      expect(logs).toHaveLength(1);
    },
  );

  it(
    '50 players reporting it gone at once: every report kept, and it is gone',
    { tags: ['concurrency'] },
    async () => {
      const { artworkId } = await newArtwork();
      const reporters = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(t.app)));
      const results = await Promise.all(
        reporters.map((p) =>
          p.request({
            method: 'POST',
            url: `/api/artworks/${artworkId}/logs`,
            payload: { kind: 'gone', ...at },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
      const [artwork] = await t.db.select().from(artworks).where(eq(artworks.id, artworkId));
      expect(artwork?.status).toBe('gone');
      const gone = await t.db
        .select()
        .from(artworkLogs)
        .where(and(eq(artworkLogs.artworkId, artworkId), eq(artworkLogs.kind, 'gone')));
      expect(gone).toHaveLength(AT_ONCE);
    },
  );
});
