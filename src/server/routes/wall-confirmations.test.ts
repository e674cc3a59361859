import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  pinArtwork,
  signUp,
  uploadPhoto,
  type Player,
  type Spot,
  type TestApp,
} from '../../../test/app.ts';
import {
  addFinds,
  ageAccount,
  dayFromToday,
  establishedVisitor,
  insertWall,
} from '../../../test/walls.ts';
import type { ConfirmedWall, WallDetail } from '../../core/schemas/walls.ts';
import { wallConfirmations, wallReports } from '../db/moderation-schema.ts';
import { artworkLogs, discoveries, legalWalls, users } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

let lng = 150;
/** A new unverified wall of its own, far from every other test's. */
async function newWall(fields: Partial<typeof legalWalls.$inferInsert> = {}) {
  const at: Spot = { latitude: -30, longitude: (lng += 0.1) };
  const id = await insertWall(t.db, at, { status: 'unverified', ...fields });
  return { id, at };
}

const confirm = (p: Player, wallId: string, payload: object = { paintedOn: dayFromToday() }) =>
  p.request({ method: 'POST', url: `/api/legal-walls/${wallId}/confirmations`, payload });
const report = (p: Player, wallId: string, payload: object = { reason: 'closed' }) =>
  p.request({ method: 'POST', url: `/api/legal-walls/${wallId}/reports`, payload });

const wallRow = async (id: string) =>
  (await t.db.select().from(legalWalls).where(eq(legalWalls.id, id)))[0]!;
const confirmationCount = async (wallId: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(wallConfirmations)
      .where(eq(wallConfirmations.wallId, wallId))
  )[0]!.n;
const reportCount = async (wallId: string) =>
  (await t.db.select({ n: count() }).from(wallReports).where(eq(wallReports.wallId, wallId)))[0]!.n;

describe('POST /api/legal-walls/:id/confirmations', () => {
  it('takes a confirmation from a player whose documented discovery is within 200 m', async () => {
    const { id, at } = await newWall();
    const visitor = await signUp(t.app);
    // The real flow: a photo uploaded and documented 150 m from the wall.
    await pinArtwork(visitor, { latitude: at.latitude + 150 / 111_195, longitude: at.longitude });
    const photo = await uploadPhoto(visitor, 'wall');
    const res = await confirm(visitor, id, { paintedOn: dayFromToday(-3), imageUrl: photo });
    expect(res.statusCode).toBe(201);
    const { wall, counts } = res.json<ConfirmedWall>();
    // A new account is not established: kept and shown, not counted.
    expect(counts).toBe(false);
    expect(wall).toMatchObject({
      status: 'unverified',
      lastConfirmedAt: `${dayFromToday(-3)}T00:00:00.000Z`,
      confirmations: { players: 1, counting: 0 },
      recentConfirmations: [
        { username: visitor.username, paintedOn: dayFromToday(-3), imageUrl: photo, counts: false },
      ],
      viewer: { visited: true, proposer: false, reported: false, counts: false },
    });
  });

  it('refuses a player with no documented discovery within 200 m (403), storing nothing', async () => {
    const { id, at } = await newWall();
    const stranger = await establishedVisitor(t.app, t.db, {
      latitude: at.latitude + 250 / 111_195,
      longitude: at.longitude,
    });
    const res = await confirm(stranger, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Log a visit first: document a piece within 200 m/);
    expect(await confirmationCount(id)).toBe(0);
    const panel = await stranger.request({ url: `/api/legal-walls/${id}` });
    expect(panel.json<WallDetail>().viewer).toMatchObject({ visited: false, counts: true });
  });

  it('refuses the same day twice (409) but takes another day', async () => {
    const { id, at } = await newWall();
    const visitor = await establishedVisitor(t.app, t.db, at);
    expect((await confirm(visitor, id)).statusCode).toBe(201);
    const again = await confirm(visitor, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already confirmed painting here on that day.',
    });
    expect((await confirm(visitor, id, { paintedOn: dayFromToday(-1) })).statusCode).toBe(201);
    const wall = (await t.app.inject({ url: `/api/legal-walls/${id}` })).json<WallDetail>();
    // One player twice is one player toward verifying.
    expect(wall.confirmations).toEqual({ players: 1, counting: 1 });
    expect(wall.lastConfirmedAt).toBe(`${dayFromToday()}T00:00:00.000Z`);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const { id, at } = await newWall();
    const visitor = await establishedVisitor(t.app, t.db, at);
    const theirs = await uploadPhoto(await signUp(t.app), 'wall');
    const cases: [string, object][] = [
      ['paintedOn', {}],
      ['paintedOn', { paintedOn: 20260101 }],
      ['paintedOn', { paintedOn: '1 March 2026' }],
      ['paintedOn', { paintedOn: '2026-02-30' }],
      ['paintedOn', { paintedOn: dayFromToday(2) }],
      ['paintedOn', { paintedOn: dayFromToday(-367) }],
      ['imageUrl', { paintedOn: dayFromToday(), imageUrl: 'https://example.org/a.jpg' }],
      ['imageUrl', { paintedOn: dayFromToday(), imageUrl: theirs }],
    ];
    for (const [field, payload] of cases) {
      const res = await confirm(visitor, id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect(await confirmationCount(id)).toBe(0);
  });

  it('answers 401 without a session and 404 for a missing or hidden wall', async () => {
    const { id, at } = await newWall();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/legal-walls/${id}/confirmations`,
      payload: { paintedOn: dayFromToday() },
    });
    expect(anonymous.statusCode).toBe(401);
    const visitor = await establishedVisitor(t.app, t.db, at);
    expect((await confirm(visitor, 'no-such-wall')).statusCode).toBe(404);
    const hidden = await newWall({ hiddenAt: new Date() });
    await addFinds(t.db, visitor, hidden.at, 1);
    expect((await confirm(visitor, hidden.id)).statusCode).toBe(404);
    expect(await confirmationCount(id)).toBe(0);
  });

  it('refuses to confirm or report a closed wall (409)', async () => {
    const { id, at } = await newWall({ status: 'closed' });
    const visitor = await establishedVisitor(t.app, t.db, at);
    for (const res of [await confirm(visitor, id), await report(visitor, id)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This wall is closed: it can no longer be confirmed or reported.',
      );
    }
    expect(await confirmationCount(id)).toBe(0);
    expect(await reportCount(id)).toBe(0);
  });
});

describe('verified after three established players', () => {
  it('the proposer and newcomers are kept but do not count; the third established verifies', async () => {
    const proposer = await signUp(t.app);
    await ageAccount(t.db, proposer, 30);
    const { id, at } = await newWall({ proposedById: proposer.id });
    // The proposer counts as a visitor, never toward verifying.
    const own = await confirm(proposer, id);
    expect(own.statusCode).toBe(201);
    expect(own.json<ConfirmedWall>().counts).toBe(false);

    const newcomer = await signUp(t.app);
    await addFinds(t.db, newcomer, at, 5);
    expect((await confirm(newcomer, id)).json<ConfirmedWall>().counts).toBe(false);

    const [a, b, c] = [
      await establishedVisitor(t.app, t.db, at),
      await establishedVisitor(t.app, t.db, at),
      await establishedVisitor(t.app, t.db, at),
    ];
    for (const p of [a!, b!]) {
      const res = await confirm(p, id);
      expect(res.json<ConfirmedWall>()).toMatchObject({
        counts: true,
        wall: { status: 'unverified' },
      });
    }
    const third = (await confirm(c!, id)).json<ConfirmedWall>();
    expect(third.wall).toMatchObject({
      status: 'verified',
      confirmations: { players: 5, counting: 3 },
    });
    expect((await wallRow(id)).status).toBe('verified');
  });

  it('established means 7 days old, 3 finds not held by fair play, and not suspended', async () => {
    const { id, at } = await newWall();
    const young = await signUp(t.app);
    await ageAccount(t.db, young, 6);
    await addFinds(t.db, young, at, 3);

    const held = await signUp(t.app);
    await ageAccount(t.db, held, 8);
    await addFinds(t.db, held, at, 3);
    const [one] = await t.db
      .select({ id: discoveries.id })
      .from(discoveries)
      .where(eq(discoveries.userId, held.id))
      .limit(1);
    const artworkId = await pinArtwork(await signUp(t.app), { latitude: 10, longitude: 10 });
    await t.db.insert(artworkLogs).values({
      id: `log-${one!.id}`,
      artworkId,
      userId: held.id,
      kind: 'found',
      discoveryId: one!.id,
      latitude: at.latitude,
      longitude: at.longitude,
      logDay: dayFromToday(),
      reviewStatus: 'pending',
      flagReason: 'photo_far_from_pin',
    });

    const suspended = await establishedVisitor(t.app, t.db, at);

    const ready = await signUp(t.app);
    await ageAccount(t.db, ready, 7.01);
    await addFinds(t.db, ready, at, 3);

    const results = [];
    for (const p of [young, held, suspended, ready]) {
      results.push((await confirm(p, id)).json<ConfirmedWall>().counts);
    }
    expect(results).toEqual([false, false, true, true]);

    // A suspension stops a player's confirmations counting, and stops new ones.
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
    const wall = (await t.app.inject({ url: `/api/legal-walls/${id}` })).json<WallDetail>();
    expect(wall.confirmations).toEqual({ players: 4, counting: 1 });
    expect((await confirm(suspended, id, { paintedOn: dayFromToday(-1) })).statusCode).toBe(403);
  });
});

describe('POST /api/legal-walls/:id/reports', () => {
  it('two players reporting take a wall to disputed; one open report per player', async () => {
    const { id, at } = await newWall({ status: 'verified' });
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    await addFinds(t.db, a!, at, 1);
    await addFinds(t.db, b!, at, 1);

    const first = await report(a!, id, { reason: 'private_property', note: 'New fence and sign' });
    expect(first.statusCode).toBe(201);
    expect(first.json<WallDetail>()).toMatchObject({
      status: 'verified',
      viewer: { reported: true },
    });
    const again = await report(a!, id, { reason: 'gone' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already reported this wall. A moderator will look at it.',
    });
    const second = await report(b!, id, { reason: 'not_legal' });
    expect(second.json<WallDetail>().status).toBe('disputed');
    const rows = await t.db
      .select({ reason: wallReports.reason, note: wallReports.note })
      .from(wallReports)
      .where(and(eq(wallReports.wallId, id), eq(wallReports.userId, a!.id)));
    expect(rows).toEqual([{ reason: 'private_property', note: 'New fence and sign' }]);
  });

  it('refuses non-visitors (403), bad input (400) and signed-out requests (401)', async () => {
    const { id, at } = await newWall();
    const stranger = await signUp(t.app);
    expect((await report(stranger, id)).statusCode).toBe(403);
    const visitor = await signUp(t.app);
    await addFinds(t.db, visitor, at, 1);
    const cases: [string, object][] = [
      ['reason', {}],
      ['reason', { reason: 'ugly' }],
      ['reason', { reason: 3 }],
      ['note', { reason: 'gone', note: 'x'.repeat(501) }],
      ['note', { reason: 'gone', note: 42 }],
    ];
    for (const [field, payload] of cases) {
      const res = await report(visitor, id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/legal-walls/${id}/reports`,
      payload: { reason: 'gone' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await reportCount(id)).toBe(0);
  });
});
