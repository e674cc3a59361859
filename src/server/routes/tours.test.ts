import { and, count, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import { signUpEstablished, signUpModerator } from '../../../test/moderation.ts';
import {
  artworkStops,
  artworksInARow,
  insertArtwork,
  logFind,
  makeTour,
  northOf,
  tourInput,
} from '../../../test/tours.ts';
import { addFinds, insertWall } from '../../../test/walls.ts';
import type { TourDetail, TourList } from '../../core/schemas/tours.ts';
import { routeMetres, walkMinutes } from '../../core/tours.ts';
import { artworkLogs, artworks, discoveries, legalWalls } from '../db/schema.ts';
import { tourStops, tours } from '../db/tours-schema.ts';
import { gatherPlayerData } from '../services/data-export.ts';
import { NOT_YOURS } from '../services/tours.ts';

/**
 * Walking tours over the API (docs/decisions/044-walking-tours.md): who makes them, their
 * distance, time and line, progress from counted finds only, every bad input refused.
 */

const app = useUnlimitedApp();
let maker: Player;
let newcomer: Player;

beforeAll(async () => {
  [maker, newcomer] = [await signUpEstablished(app().app, app().db), await signUp(app().app)];
});

const FITZROY = { latitude: -37.8, longitude: 144.978 };
const tourCount = async () => (await app().db.select({ n: count() }).from(tours))[0]!.n;
const read = (player: Player | null, id: string) =>
  player
    ? player.request({ url: `/api/tours/${id}` })
    : app().app.inject({ url: `/api/tours/${id}` });
const list = async (player: Player | null, query = '') => {
  const res = player
    ? await player.request({ url: `/api/tours${query}` })
    : await app().app.inject({ url: `/api/tours${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TourList>();
};

describe('making a tour', () => {
  it('an established player makes one: stops in order, its line, distance and walking time', async () => {
    const [a, b, c] = await artworksInARow(app().db, FITZROY, 3, 400);
    const wall = await insertWall(app().db, northOf(FITZROY, 1000), { name: 'Fitzroy wall' });
    const tour = await makeTour(
      maker,
      tourInput([...artworkStops([a!, b!, c!]), { kind: 'wall', id: wall }], {
        title: '  Fitzroy loop  ',
      }),
    );
    const places = [0, 400, 800, 1000].map((m) => northOf(FITZROY, m));
    expect(tour).toMatchObject({
      title: 'Fitzroy loop',
      city: 'Melbourne',
      stopCount: 4,
      distanceMetres: 1000,
      walkMinutes: walkMinutes(1000),
      start: places[0],
      author: maker.username,
      curated: false,
      mine: true,
      hidden: false,
      found: 0,
    });
    expect(tour.distanceMetres).toBe(routeMetres(places));
    expect(tour.stops.map((s) => [s.kind, s.id, s.legMetres])).toEqual([
      ['artwork', a, 0],
      ['artwork', b, 400],
      ['artwork', c, 400],
      ['wall', wall, 200],
    ]);
    expect(tour.stops[3]).toMatchObject({ title: 'Fitzroy wall', subtitle: 'Brisbane' });
    expect(tour.line).toEqual({
      type: 'LineString',
      coordinates: places.map((p) => [p.longitude, p.latitude]),
    });
    // Read back by anyone, signed out without progress.
    const anon = await read(null, tour.id);
    expect(anon.json<TourDetail>()).toMatchObject({ id: tour.id, found: null, mine: false });
    expect(anon.json<TourDetail>().stops.every((s) => s.found === null)).toBe(true);
  });

  it('is for staff and established players: a new account is refused and nothing is made', async () => {
    const ids = await artworksInARow(app().db, northOf(FITZROY, 5000), 2);
    const before = await tourCount();
    const refused = await newcomer.request({
      method: 'POST',
      url: '/api/tours',
      payload: tourInput(artworkStops(ids)),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'Tours are made by staff and established players: an account at least 7 days old with 3 documented finds.',
    });
    const signedOut = await app().app.inject({
      method: 'POST',
      url: '/api/tours',
      payload: tourInput(artworkStops(ids)),
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await tourCount()).toBe(before);
    expect((await list(newcomer)).canCreate).toBe(false);
    expect((await list(null)).canCreate).toBe(false);
    expect((await list(maker)).canCreate).toBe(true);

    // A moderator's new account may: a curated tour.
    const moderator = await signUpModerator(app().app, app().db);
    expect((await list(moderator)).canCreate).toBe(true);
    const curated = await makeTour(moderator, tourInput(artworkStops(ids)));
    expect(curated).toMatchObject({ curated: true, author: moderator.username });
  });
});

describe('progress', () => {
  it('counts only counted finds: held logs, gone reports and held photos near a wall do not', async () => {
    const at = { latitude: -37.81, longitude: 144.96 };
    const ids = await artworksInARow(app().db, at, 6, 150);
    const visited = await insertWall(app().db, northOf(at, 1000));
    const heldNear = await insertWall(app().db, northOf(at, 1300));
    const tour = await makeTour(
      maker,
      tourInput([
        ...artworkStops(ids),
        { kind: 'wall', id: visited },
        { kind: 'wall', id: heldNear },
      ]),
    );
    const walker = await signUp(app().app);
    await logFind(app().db, walker, ids[0]!, null);
    await logFind(app().db, walker, ids[1]!, 'approved');
    await logFind(app().db, walker, ids[2]!, 'pending');
    await logFind(app().db, walker, ids[3]!, 'awaiting_photo');
    await logFind(app().db, walker, ids[4]!, 'rejected');
    await logFind(app().db, walker, ids[5]!, null, 'gone');
    // Another player's find is theirs, not the walker's.
    await logFind(app().db, maker, ids[5]!, null);
    await addFinds(app().db, walker, northOf(at, 1050), 1);
    // A photo by the other wall whose find is held for review is no visit.
    await addFinds(app().db, walker, northOf(at, 1350), 1);
    await app()
      .db.update(discoveries)
      .set({ artworkId: ids[2] })
      .where(
        and(
          eq(discoveries.userId, walker.id),
          gt(discoveries.latitude, northOf(at, 1200).latitude),
        ),
      );
    await app()
      .db.update(artworkLogs)
      .set({ discoveryId: sql`(select id from discoveries where artwork_id = ${ids[2]!})` })
      .where(and(eq(artworkLogs.userId, walker.id), eq(artworkLogs.artworkId, ids[2]!)));

    const seen = (await read(walker, tour.id)).json<TourDetail>();
    expect(seen.found).toBe(3);
    expect(seen.stops.map((s) => s.found)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    const listed = (await list(walker, '?city=melbourne')).tours.find((t) => t.id === tour.id);
    expect(listed).toMatchObject({ found: 3, stopCount: 8 });
  });
});

describe('every bad input', () => {
  it('is refused with a 400 that names it, and makes nothing', async () => {
    const at = { latitude: -37.83, longitude: 144.99 };
    const [a, b] = await artworksInARow(app().db, at, 2);
    const hidden = await insertArtwork(app().db, northOf(at, 500), { hiddenAt: new Date() });
    const closed = await insertWall(app().db, northOf(at, 600), { status: 'closed' });
    const far = await insertArtwork(app().db, northOf(at, 6000));
    const ok = artworkStops([a!, b!]);
    const tooMany = Array.from({ length: 31 }, () => ok[0]!);
    const bodies: [object | string, RegExp][] = [
      [{ ...tourInput(ok), title: undefined }, /title/],
      [tourInput(ok, { title: 'ab' }), /title/],
      [tourInput(ok, { title: 'x'.repeat(81) }), /title/],
      [tourInput(ok, { title: 42 }), /title/],
      [tourInput(ok, { description: 'x'.repeat(1001) }), /description/],
      [tourInput(ok, { city: ' ' }), /city/],
      [tourInput(ok, { city: 'x'.repeat(81) }), /city/],
      [{ ...tourInput(ok), stops: undefined }, /stops/],
      [tourInput(ok, { stops: 'a,b' }), /stops/],
      [tourInput([ok[0]!]), /at least 2 stops/],
      [tourInput(tooMany), /at most 30 stops/],
      [tourInput([...ok, { kind: 'mission', id: 'm1' }]), /stops/],
      [tourInput([...ok, { kind: 'artwork', id: 'x'.repeat(101) }]), /stops/],
      [tourInput([...ok, { kind: 'artwork', id: 'no-such-art' }]), /^Stop 3 is not an artwork/],
      [tourInput([...ok, { kind: 'artwork', id: hidden }]), /^Stop 3 is not an artwork/],
      [tourInput([...ok, { kind: 'wall', id: closed }]), /^Stop 3 is not an artwork or wall/],
      [tourInput([...ok, { kind: 'wall', id: a! }]), /^Stop 3 is not an artwork or wall/],
      [tourInput([...ok, ok[0]!]), /^Stop 3 is already stop 1/],
      [
        tourInput([...ok, { kind: 'artwork', id: far }]),
        /^Stop 3 is 5\.8 km from stop 2: stops may be at most 5 km apart\.$/,
      ],
      ['not json at all', /./],
    ];
    const before = await tourCount();
    for (const [payload, message] of bodies) {
      const res = await maker.request({
        method: 'POST',
        url: '/api/tours',
        payload,
        headers: typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await tourCount()).toBe(before);
  });

  it('refuses bad list queries and unknown tours', async () => {
    for (const query of [
      '?latitude=-37.8',
      '?longitude=144.9',
      '?latitude=abc&longitude=144.9',
      '?latitude=91&longitude=144.9',
      '?latitude=&longitude=',
      '?city=',
      `?city=${'x'.repeat(81)}`,
    ]) {
      const res = await app().app.inject({ url: `/api/tours${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await read(maker, 'no-such-tour')).statusCode).toBe(404);
    // Fastify refuses a path parameter over 100 characters before any route sees it.
    expect((await read(maker, 'x'.repeat(101))).statusCode).toBe(414);
  });
});

describe('changing a tour', () => {
  it('is its author’s alone: others are refused and nothing changes', async () => {
    const at = { latitude: -37.85, longitude: 144.98 };
    const ids = await artworksInARow(app().db, at, 4);
    const tour = await makeTour(maker, tourInput(artworkStops(ids.slice(0, 2))));
    const put = (player: Player, id: string, payload: object) =>
      player.request({ method: 'PUT', url: `/api/tours/${id}`, payload });

    const changed = await put(
      maker,
      tour.id,
      tourInput(artworkStops([ids[3]!, ids[2]!, ids[1]!]), { title: 'Backwards' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TourDetail>()).toMatchObject({ title: 'Backwards', stopCount: 3 });
    expect(changed.json<TourDetail>().stops.map((s) => s.id)).toEqual([ids[3], ids[2], ids[1]]);

    const other = await signUpEstablished(app().app, app().db);
    const refused = await put(other, tour.id, tourInput(artworkStops(ids), { title: 'Mine now' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_YOURS });
    expect((await put(other, 'no-such-tour', tourInput(artworkStops(ids)))).statusCode).toBe(404);
    const bad = await put(maker, tour.id, tourInput([artworkStops(ids)[0]!]));
    expect(bad.statusCode).toBe(400);
    const signedOut = await app().app.inject({
      method: 'PUT',
      url: `/api/tours/${tour.id}`,
      payload: tourInput(artworkStops(ids)),
    });
    expect(signedOut.statusCode).toBe(401);

    const now = (await read(maker, tour.id)).json<TourDetail>();
    expect(now.title).toBe('Backwards');
    expect(now.stops.map((s) => s.id)).toEqual([ids[3], ids[2], ids[1]]);

    // Someone else's hidden tour is not there at all; a tour without an author is nobody's.
    await app().db.update(tours).set({ hiddenAt: new Date() }).where(eq(tours.id, tour.id));
    expect((await put(other, tour.id, tourInput(artworkStops(ids)))).statusCode).toBe(404);
    expect((await read(other, tour.id)).statusCode).toBe(404);
    expect((await read(maker, tour.id)).json<TourDetail>().hidden).toBe(true);
    await app()
      .db.update(tours)
      .set({ authorId: null, hiddenAt: null })
      .where(eq(tours.id, tour.id));
    expect((await put(maker, tour.id, tourInput(artworkStops(ids)))).statusCode).toBe(403);
  });

  it('a create replayed with its Idempotency-Key makes one tour', async () => {
    const ids = await artworksInARow(app().db, { latitude: -37.86, longitude: 144.9 }, 2);
    const send = () =>
      maker.request({
        method: 'POST',
        url: '/api/tours',
        payload: tourInput(artworkStops(ids), { title: 'Sent twice' }),
        headers: { 'idempotency-key': `tour-${ids[0]}` },
      });
    const [first, again] = [await send(), await send()];
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json<TourDetail>().id).toBe(first.json<TourDetail>().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const made = await app()
      .db.select({ n: count() })
      .from(tourStops)
      .where(eq(tourStops.artworkId, ids[0]!));
    expect(made[0]!.n).toBe(1);
  });
});

describe('listing tours', () => {
  it('by city ignoring case and accents, or nearest first; stops off the map drop out', async () => {
    const montreal = { latitude: 45.51, longitude: -73.56 };
    const near = await artworksInARow(app().db, montreal, 3);
    const further = await artworksInARow(app().db, northOf(montreal, 20_000), 2);
    const elsewhere = await artworksInARow(app().db, northOf(montreal, 80_000), 2);
    const first = await makeTour(maker, tourInput(artworkStops(near), { city: 'Montréal' }));
    const second = await makeTour(maker, tourInput(artworkStops(further), { city: 'Laval' }));
    const third = await makeTour(maker, tourInput(artworkStops(elsewhere), { city: 'Joliette' }));

    const byCity = await list(null, '?city=MONTREAL');
    expect(byCity.tours.map((t) => t.id)).toEqual([first.id]);
    const nearest = await list(
      null,
      `?latitude=${montreal.latitude}&longitude=${montreal.longitude}`,
    );
    expect(nearest.tours.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(nearest.tours[0]!.distanceKm).toBeCloseTo(0, 5);
    expect(nearest.tours[1]!.distanceKm).toBeCloseTo(20, 1);
    expect((await list(null)).tours.map((t) => t.id)).toEqual(
      expect.arrayContaining([first.id, second.id, third.id]),
    );

    // A hidden artwork and a closed wall leave the tour; with one stop left it is not listed.
    await app().db.update(artworks).set({ hiddenAt: new Date() }).where(eq(artworks.id, near[1]!));
    const shorter = (await read(null, first.id)).json<TourDetail>();
    expect(shorter.stops.map((s) => s.id)).toEqual([near[0], near[2]]);
    expect(shorter.distanceMetres).toBe(400);
    await app()
      .db.update(artworks)
      .set({ hiddenAt: new Date() })
      .where(eq(artworks.id, further[0]!));
    expect((await list(null, '?city=laval')).tours).toEqual([]);
    const wall = await insertWall(app().db, northOf(montreal, 79_700));
    const walled = await makeTour(
      maker,
      tourInput([{ kind: 'wall', id: wall }, ...artworkStops(elsewhere)]),
    );
    await app().db.update(legalWalls).set({ status: 'closed' }).where(eq(legalWalls.id, wall));
    expect((await read(null, walled.id)).json<TourDetail>().stopCount).toBe(2);
  });
});

describe('a player’s own tours', () => {
  it('are in their data download, and leave with their account', async () => {
    const author = await signUpEstablished(app().app, app().db);
    const ids = await artworksInARow(app().db, { latitude: -37.87, longitude: 144.95 }, 3);
    const tour = await makeTour(author, tourInput(artworkStops(ids), { title: 'Mine to keep' }));
    const data = await gatherPlayerData(app().db, author.id);
    expect(data.tours).toEqual([
      expect.objectContaining({ id: tour.id, title: 'Mine to keep', stops: ids, hiddenAt: null }),
    ]);

    const gone = await author.request({
      method: 'DELETE',
      url: '/api/profile',
      payload: { username: author.username, password: 'spray-paint-rules-42' },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await read(null, tour.id)).statusCode).toBe(404);
    const stops = await app()
      .db.select({ n: count() })
      .from(tourStops)
      .where(eq(tourStops.tourId, tour.id));
    expect(stops[0]!.n).toBe(0);
  });
});
