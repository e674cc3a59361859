import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  UNLIMITED,
  type Player,
  type Spot,
  type TestApp,
} from '../../../test/app.ts';
import { giveProMonth } from '../../../test/pro.ts';
import {
  answer,
  insertArtwork,
  north,
  photoTakenAt,
  questOn,
  questsAt,
  questsFor,
} from '../../../test/quests.ts';
import { insertWall } from '../../../test/walls.ts';
import { artworkLogs } from '../db/schema.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';

/**
 * GET /api/quests (docs/decisions/043-quests.md): which quests the artworks and walls around a
 * player ask, from the seeded open data and from pieces placed here, and what bad input gets.
 */

let t: TestApp;
let player: Player;
beforeAll(async () => {
  // Seeded: the starter open-data pieces and walls are there, as on a fresh start.
  t = await createTestApp({ limits: UNLIMITED });
  player = await signUp(t.app);
});
afterAll(() => t.close());

let spots = 0;
/** A stretch of the Southern Ocean of its own per test: no seeded piece or other test near. */
const nextSpot = (): Spot => ({ latitude: -60 - ++spots * 0.2, longitude: 20 });

describe('quests from the seeded open data', () => {
  it('offers a seeded open-data piece nobody photographed as "Needs a photo"', async () => {
    // Noke's "The Birds", from Brisbane City Council's public art register.
    const birds = { latitude: -27.482101, longitude: 153.027488 };
    const quest = await questOn(
      player,
      north(birds, 20),
      'art-brisbane-public-art-title-the-birds',
    );
    expect(quest).toMatchObject({
      kind: 'needs_photo',
      title: 'The Birds',
      distanceM: 20,
      reward: 15,
      lastSeenAt: null,
      reportedGone: false,
    });
  });

  it('offers a seeded wall its source listed years ago as "Visit this wall"', async () => {
    // A graffiti site from the ACT Government's 2016 list: unverified until players confirm it.
    const wall = { latitude: -35.38349865, longitude: 149.0525583 };
    const quest = await questOn(player, wall, 'wall-act-graffiti-sites-2016-100133');
    expect(quest).toMatchObject({
      kind: 'visit_wall',
      title: 'Mount Neighbour Primary, Boddington Crescent',
      place: 'Kambah, Canberra',
      distanceM: 0,
      reward: 10,
    });
  });
});

describe('which question a piece asks', () => {
  it('asks one question per piece, a photo first, then still there, then who painted it', async () => {
    const at = nextSpot();
    const photoNeeded = await insertArtwork(t.db, at, { daysAgo: 400, artistName: null });
    const stale = await insertArtwork(t.db, north(at, 100), {
      sourceId: null,
      coverImageUrl: '/objects/cover-of-a-players-piece',
      daysAgo: 181,
      artistName: null,
    });
    const unnamed = await insertArtwork(t.db, north(at, 200), {
      sourceId: null,
      daysAgo: 3,
      artistName: 'Unknown',
    });
    const askedNothing = await insertArtwork(t.db, north(at, 300), { sourceId: null });
    const { quests, answerRadiusM, searchRadiusKm } = await questsFor(player, at, 35);
    expect(quests.map((q) => [q.targetId, q.kind])).toEqual([
      [photoNeeded, 'needs_photo'],
      [stale, 'still_there'],
      [unnamed, 'who_painted'],
    ]);
    expect(quests.some((q) => q.targetId === askedNothing)).toBe(false);
    expect(quests[1]).toMatchObject({ reportedGone: false, distanceM: 100, reward: 10 });
    expect(Date.parse(quests[1]!.lastSeenAt!)).toBeLessThan(Date.now() - 180 * 86_400_000);
    expect({ answerRadiusM, searchRadiusKm }).toEqual({ answerRadiusM: 85, searchRadiusKm: 1.5 });
  });

  it('asks "Is it still there?" of a piece reported gone since it was last seen', async () => {
    const at = nextSpot();
    const reported = await insertArtwork(t.db, at, { sourceId: null, daysAgo: 2 });
    const reporter = await signUp(t.app);
    await t.db.insert(artworkLogs).values({
      id: randomUUID(),
      artworkId: reported,
      userId: reporter.id,
      kind: 'gone',
      latitude: at.latitude,
      longitude: at.longitude,
      logDay: new Date().toISOString().slice(0, 10),
    });
    expect(await questOn(player, at, reported)).toMatchObject({
      kind: 'still_there',
      reportedGone: true,
    });
  });

  it('asks nothing of hidden or gone pieces, nor of verified walls or walls already confirmed', async () => {
    const at = nextSpot();
    await insertArtwork(t.db, at, { hiddenAt: new Date() });
    await insertArtwork(t.db, north(at, 10), { status: 'gone' });
    await insertWall(t.db, north(at, 20), { status: 'verified' });
    await insertWall(t.db, north(at, 30), { status: 'unverified', proposedById: player.id });
    const confirmed = await insertWall(t.db, north(at, 40), { status: 'unverified' });
    await t.db.insert(wallConfirmations).values({
      id: randomUUID(),
      wallId: confirmed,
      userId: player.id,
      paintedOn: '2026-01-01',
    });
    const open = await insertWall(t.db, north(at, 50), { status: 'unverified' });
    const { quests } = await questsFor(player, at);
    expect(quests.map((q) => [q.targetId, q.kind])).toEqual([[open, 'visit_wall']]);
    // Another player may still confirm the one this player already did.
    const other = await signUp(t.app);
    expect(await questOn(other, at, confirmed)).toMatchObject({ kind: 'visit_wall' });
  });

  it('offers the closest handful within walking distance, the same way every time', async () => {
    const at = nextSpot();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await insertArtwork(t.db, north(at, 100 + i * 100)));
    }
    await insertWall(t.db, north(at, 150), { status: 'unverified', id: `wall-q-${randomUUID()}` });
    await insertArtwork(t.db, north(at, 1600));
    const first = await questsFor(player, at);
    expect(first.quests).toHaveLength(8);
    expect(first.quests.map((q) => q.distanceM)).toEqual([100, 150, 200, 300, 400, 500, 600, 700]);
    expect(first.quests[1]!.kind).toBe('visit_wall');
    expect(await questsFor(player, at)).toEqual(first);
    const farEdge = await questsFor(player, north(at, 1600));
    expect(farEdge.quests.map((q) => q.distanceM)).toContain(0);
  });

  it('doubles the reward shown to a Pro player', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t.db, at);
    const pro = await signUp(t.app);
    await giveProMonth(t.db, pro.id);
    expect(await questOn(pro, at, id)).toMatchObject({ kind: 'needs_photo', reward: 30 });
  });

  it('leaves out a quest the player answered, and keeps it for the others', async () => {
    const at = nextSpot();
    const id = await insertArtwork(t.db, at, { sourceId: null, artistName: null });
    const answerer = await signUp(t.app);
    const imageUrl = await photoTakenAt(answerer, at);
    const res = await answer(answerer, 'who_painted', id, {
      ...at,
      accuracy: 10,
      imageUrl,
      artistName: 'Fintan Magee',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await questOn(answerer, at, id)).toBeNull();
    expect(await questOn(player, at, id)).toMatchObject({ kind: 'who_painted' });
  });
});

describe('bad questions', () => {
  const at = { latitude: -27.47, longitude: 153.02 };
  it.each([
    ['no position', '?accuracy=10', 'lat'],
    ['no accuracy', `?lat=${at.latitude}&lng=${at.longitude}`, 'accuracy'],
    ['an empty accuracy', `?lat=${at.latitude}&lng=${at.longitude}&accuracy=`, 'accuracy'],
    ['a negative accuracy', `?lat=${at.latitude}&lng=${at.longitude}&accuracy=-5`, 'accuracy'],
    ['a huge accuracy', `?lat=${at.latitude}&lng=${at.longitude}&accuracy=1e9`, 'accuracy'],
    ['words for accuracy', `?lat=${at.latitude}&lng=${at.longitude}&accuracy=near`, 'accuracy'],
    ['a latitude off the globe', `?lat=91&lng=${at.longitude}&accuracy=10`, 'lat'],
    ['a longitude off the globe', `?lat=${at.latitude}&lng=-181&accuracy=10`, 'lng'],
  ])('refuses %s with 400 naming the field', async (_, query, field) => {
    const res = await player.request({ url: `/api/quests${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ url: '/api/quests?lat=1&lng=1&accuracy=1' });
    expect(res.statusCode).toBe(401);
    const ok = await questsAt(player, at);
    expect(ok.statusCode).toBe(200);
  });
});
