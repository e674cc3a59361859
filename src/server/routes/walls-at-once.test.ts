import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, uploadPhoto, type TestApp } from '../../../test/app.ts';
import { dayFromToday, establishedVisitor, insertWall } from '../../../test/walls.ts';
import type { ConfirmedWall, WallDetail, WallListPage } from '../../core/schemas/walls.ts';
import { wallConfirmations, wallReports } from '../db/moderation-schema.ts';
import { legalWalls } from '../db/schema.ts';

/**
 * Status changes are written with the confirmation or report that causes them, the wall row
 * locked, and "once" is held by unique indexes: 50 requests fired at once. Meaningful on
 * Postgres (TEST_DATABASE_URL), where they truly overlap; PGlite runs them one after another.
 */

const AT_ONCE = 50;
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

const crowd = (at: { latitude: number; longitude: number }) =>
  Promise.all(Array.from({ length: AT_ONCE }, () => establishedVisitor(t.app, t.db, at)));

const rowsOf = async (table: typeof wallConfirmations | typeof wallReports, wallId: string) =>
  (await t.db.select({ n: count() }).from(table).where(eq(table.wallId, wallId)))[0]!.n;

describe(`${AT_ONCE} at once`, () => {
  it(
    '50 established players confirming at once: every one kept, the wall verified',
    { tags: ['concurrency'] },
    async () => {
      const at = { latitude: -31, longitude: 115.86 };
      const id = await insertWall(t.db, at, { status: 'unverified' });
      const players = await crowd(at);
      const results = await Promise.all(
        players.map((p) =>
          p.request({
            method: 'POST',
            url: `/api/legal-walls/${id}/confirmations`,
            payload: { paintedOn: dayFromToday() },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(AT_ONCE).fill(201));
      expect(results.every((r) => r.json<ConfirmedWall>().counts)).toBe(true);
      expect(await rowsOf(wallConfirmations, id)).toBe(AT_ONCE);
      const wall = (await t.app.inject({ url: `/api/legal-walls/${id}` })).json<WallDetail>();
      expect(wall).toMatchObject({
        status: 'verified',
        confirmations: { players: AT_ONCE, counting: AT_ONCE },
      });
      // The request that made the third counting confirmation saw the wall turn verified.
      const unverified = results.filter(
        (r) => r.json<ConfirmedWall>().wall.status === 'unverified',
      );
      expect(unverified.length).toBeLessThanOrEqual(2);
    },
  );

  it(
    'one player confirming one day 50 times at once: one kept, 49 refused',
    { tags: ['concurrency'] },
    async () => {
      const at = { latitude: -31.1, longitude: 115.86 };
      const id = await insertWall(t.db, at, { status: 'unverified' });
      const [player] = await Promise.all([establishedVisitor(t.app, t.db, at)]);
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          player!.request({
            method: 'POST',
            url: `/api/legal-walls/${id}/confirmations`,
            payload: { paintedOn: dayFromToday() },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(AT_ONCE - 1);
      expect(await rowsOf(wallConfirmations, id)).toBe(1);
    },
  );

  it(
    '50 players reporting at once: 50 open reports, the wall disputed',
    { tags: ['concurrency'] },
    async () => {
      const at = { latitude: -31.2, longitude: 115.86 };
      const id = await insertWall(t.db, at);
      const players = await crowd(at);
      const results = await Promise.all(
        players.map((p) =>
          p.request({
            method: 'POST',
            url: `/api/legal-walls/${id}/reports`,
            payload: { reason: 'gone' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(AT_ONCE).fill(201));
      expect(await rowsOf(wallReports, id)).toBe(AT_ONCE);
      const [row] = await t.db.select().from(legalWalls).where(eq(legalWalls.id, id));
      expect(row!.status).toBe('disputed');
      // Repeated at once by one player: one open report.
      const again = await Promise.all(
        Array.from({ length: 10 }, () =>
          players[0]!.request({
            method: 'POST',
            url: `/api/legal-walls/${id}/reports`,
            payload: { reason: 'closed' },
          }),
        ),
      );
      expect(again.map((r) => r.statusCode)).toEqual(Array(10).fill(409));
      expect(await rowsOf(wallReports, id)).toBe(AT_ONCE);
    },
  );

  it('50 proposals of one spot at once: one wall', { tags: ['concurrency'] }, async () => {
    const proposer = await signUp(t.app);
    const photos = await Promise.all(
      Array.from({ length: AT_ONCE }, () => uploadPhoto(proposer, 'wall')),
    );
    const spot = { latitude: -31.3, longitude: 115.86 };
    const results = await Promise.all(
      photos.map((imageUrl, i) =>
        proposer.request({
          method: 'POST',
          url: '/api/legal-walls',
          payload: {
            name: `Same wall ${i}`,
            imageUrl,
            description: 'The same wall proposed from many phones at once.',
            permitRequired: false,
            hours: 'Any time',
            city: 'Perth',
            country: 'Australia',
            address: 'Somewhere',
            latitude: spot.latitude + i * 1e-6,
            longitude: spot.longitude,
          },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(AT_ONCE - 1);
    const mine = await t.db
      .select({ n: count() })
      .from(legalWalls)
      .where(eq(legalWalls.proposedById, proposer.id));
    expect(mine[0]!.n).toBe(1);
  });
});

describe("the list's total", () => {
  it(
    '50 proposals and 30 walls hidden at once: the total is the number of walls listed',
    { tags: ['concurrency'] },
    async () => {
      const proposer = await signUp(t.app);
      const hidden = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          insertWall(t.db, { latitude: -20, longitude: 120 + i / 100 }),
        ),
      );
      const photos = await Promise.all(
        Array.from({ length: AT_ONCE }, () => uploadPhoto(proposer, 'wall')),
      );
      const before = (await t.app.inject({ url: '/api/legal-walls' })).json<WallListPage>().total;
      const [proposals] = await Promise.all([
        Promise.all(
          photos.map((imageUrl, i) =>
            proposer.request({
              method: 'POST',
              url: '/api/legal-walls',
              payload: {
                name: `Wall ${i} of many`,
                imageUrl,
                description: 'One of many walls proposed at the same moment.',
                permitRequired: false,
                hours: 'Any time',
                city: 'Darwin',
                country: 'Australia',
                address: 'Somewhere',
                latitude: -12.4,
                longitude: 130.8 + i / 100,
              },
            }),
          ),
        ),
        // Moderators hiding walls while the proposals land.
        Promise.all(
          hidden.map((id) =>
            t.db.update(legalWalls).set({ hiddenAt: new Date() }).where(eq(legalWalls.id, id)),
          ),
        ),
      ]);
      expect(proposals.map((r) => r.statusCode)).toEqual(Array(AT_ONCE).fill(201));
      const after = (await t.app.inject({ url: '/api/legal-walls' })).json<WallListPage>().total;
      expect(after).toBe(before + AT_ONCE - hidden.length);
      const listed = await t.db
        .select({ n: count() })
        .from(legalWalls)
        .where(and(isNull(legalWalls.hiddenAt), ne(legalWalls.status, 'closed')));
      expect(listed[0]!.n).toBe(after);
    },
  );
});
