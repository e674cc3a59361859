import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, uploadPhoto, type Player, useUnlimitedApp } from '../../../test/app.ts';
import { artworkKit } from '../../../test/artwork-kit.ts';
import { verifyAsArtist } from '../../../test/artists.ts';
import { differentPiecePair, samePiecePair } from '../../../test/murals.ts';
import type {
  ArtworksInView,
  CreatedLog,
  Matches,
  NearbyArtworks,
} from '../../core/schemas/artworks.ts';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';

/**
 * Artworks and their logs: a new piece creates an artwork, other players log it, the first
 * finder earns a bonus, two gone reports make it gone and a photo brings it back, and the
 * fair-play checks hold suspicious logs for review (docs/decisions/021-artworks-and-logs.md).
 */

const t = useUnlimitedApp();

/** Each scenario gets its own corner of Brisbane, so no two meet by accident. */
const { nextSpot, north, tokensOf, document, artworkOf, logKind } = artworkKit(t);

describe('a new piece', () => {
  it('creates an artwork found first by its author, with SPEC reward and the photo', async () => {
    const a = await signUp(t().app);
    // SPEC's artist amount is for a verified artist's own new piece (decision 049).
    await verifyAsArtist(t().db, a.id);
    const at = nextSpot();
    const res = await document(a, at, { userRole: 'artist' });
    expect(res.statusCode).toBe(201);
    const created = res.json<CreatedDiscovery>();
    expect(created).toMatchObject({ tokensAwarded: 150, pendingReview: false });
    expect(created.artworkId).toEqual(expect.any(String));

    const artwork = await artworkOf(a, created.artworkId!);
    expect(artwork).toMatchObject({
      title: 'Koala',
      status: 'present',
      firstFinder: a.username,
      finders: [a.username],
      coverImageUrl: created.imageUrl,
      foundByMe: true,
    });
    expect(artwork.photos).toEqual([
      {
        imageUrl: created.imageUrl,
        username: a.username,
        // Under 24 hours old: its day only (docs/decisions/045-challenges-and-privacy.md).
        createdAt: `${created.createdAt.slice(0, 10)}T00:00:00.000Z`,
        discoveryId: created.id,
      },
    ]);
    expect(await tokensOf(a)).toEqual({ tokens: 150, discoveries: 1, firstFinds: 1 });
  });
});

describe('finding a piece another player logged first', () => {
  it('pays the finder 20 and the first finder a bonus of 5, once per player', async () => {
    const a = await signUp(t().app);
    const b = await signUp(t().app);
    const at = nextSpot();
    const first = (await document(a, at)).json<CreatedDiscovery>();

    const found = await document(b, north(at, 12), { artworkId: first.artworkId, name: 'Koala!' });
    expect(found.statusCode).toBe(201);
    expect(found.json<CreatedDiscovery>()).toMatchObject({
      tokensAwarded: 20,
      artworkId: first.artworkId,
    });
    expect(await tokensOf(a)).toEqual({ tokens: 55, discoveries: 1, firstFinds: 1 });
    expect(await tokensOf(b)).toEqual({ tokens: 20, discoveries: 1, firstFinds: 0 });

    const artwork = await artworkOf(b, first.artworkId!);
    expect(artwork.finders).toEqual([a.username, b.username]);
    expect(artwork.photos.map((p) => p.username)).toEqual([b.username, a.username]);
    expect(artwork.coverImageUrl).toBe(found.json<CreatedDiscovery>().imageUrl);

    // A second find the same day is refused and changes nothing.
    const again = await document(b, at, { artworkId: first.artworkId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already logged this artwork today. Come back tomorrow.',
    });
    expect(await tokensOf(b)).toEqual({ tokens: 20, discoveries: 1, firstFinds: 0 });

    // Back another day: the find refreshes "last seen" and pays nobody again.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t()
      .db.update(artworkLogs)
      .set({ logDay: yesterday.toISOString().slice(0, 10), createdAt: yesterday })
      .where(eq(artworkLogs.userId, b.id));
    const nextDay = await document(b, at, { artworkId: first.artworkId });
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.json<CreatedDiscovery>().tokensAwarded).toBe(0);
    expect(await tokensOf(a)).toEqual({ tokens: 55, discoveries: 1, firstFinds: 1 });
    expect(await tokensOf(b)).toEqual({ tokens: 20, discoveries: 1, firstFinds: 0 });
  });

  it('doubles both for Pro players', async () => {
    const a = await signUp(t().app);
    const b = await signUp(t().app);
    for (const p of [a, b]) {
      await t()
        .db.insert(subscriptions)
        .values({
          userId: p.id,
          status: 'active',
          currentPeriodEnd: new Date(Date.now() + 86_400_000 * 30),
        });
    }
    const at = nextSpot();
    const first = (await document(a, at)).json<CreatedDiscovery>();
    expect(first.tokensAwarded).toBe(100);
    const found = await document(b, at, { artworkId: first.artworkId });
    expect(found.json<CreatedDiscovery>().tokensAwarded).toBe(40);
    expect((await tokensOf(a)).tokens).toBe(110);
  });

  it('is refused more than 200 m from the artwork, or for an artwork that does not exist', async () => {
    const a = await signUp(t().app);
    const b = await signUp(t().app);
    const at = nextSpot();
    const first = (await document(a, at)).json<CreatedDiscovery>();
    const far = await document(b, north(at, 400), { artworkId: first.artworkId });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toEqual({
      message: 'You need to be within 200 m of the artwork to log it.',
    });
    const missing = await document(b, at, { artworkId: 'no-such-artwork' });
    expect(missing.statusCode).toBe(404);
    expect(await tokensOf(b)).toEqual({ tokens: 0, discoveries: 0, firstFinds: 0 });
    expect((await artworkOf(a, first.artworkId!)).finders).toEqual([a.username]);
  });

  it('also works through the artwork log route, named after the artwork', async () => {
    const a = await signUp(t().app);
    const b = await signUp(t().app);
    const at = nextSpot();
    const first = (await document(a, at)).json<CreatedDiscovery>();
    const imageUrl = await uploadPhoto(b);
    const res = await logKind(b, first.artworkId!, { kind: 'found', imageUrl, ...at });
    expect(res.statusCode).toBe(201);
    const { log, artwork } = res.json<CreatedLog>();
    expect(log).toMatchObject({ kind: 'found', username: b.username, tokensAwarded: 20 });
    expect(artwork.photos).toHaveLength(2);
    const mine = await b.request({ url: '/api/discoveries/user' });
    expect(mine.json<{ name: string }[]>().map((d) => d.name)).toEqual(['Koala']);
  });
});

describe('is this the same piece?', () => {
  const matches = async (
    player: Player,
    imageUrl: string,
    at: { latitude: number; longitude: number },
  ) => {
    const res = await player.request({
      method: 'POST',
      url: '/api/artworks/matches',
      payload: { imageUrl, ...at },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Matches>().matches;
  };

  it('offers the artwork to a second player photographing it from another angle', async () => {
    const [a, b] = await Promise.all([signUp(t().app), signUp(t().app)]);
    const at = nextSpot();
    const [headOn, otherAngle] = await samePiecePair(1040);
    const first = await a.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koala', ...at, imageUrl: await uploadPhoto(a, 'discovery', headOn) },
    });
    const { artworkId } = first.json<CreatedDiscovery>();

    const photo = await uploadPhoto(b, 'discovery', otherAngle);
    const offered = await matches(b, photo, north(at, 15));
    expect(offered).toEqual([
      expect.objectContaining({ id: artworkId, title: 'Koala', status: 'present', distanceM: 15 }),
    ]);
    // Not offered from across the street's far end: only artworks within 30 m are.
    expect(await matches(b, photo, north(at, 60))).toEqual([]);

    const logged = await b.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koala again', ...north(at, 15), imageUrl: photo, artworkId },
    });
    expect(logged.statusCode).toBe(201);
    const artwork = await artworkOf(a, artworkId!);
    expect(artwork.photos).toHaveLength(2);
    expect(artwork.finders).toEqual([a.username, b.username]);
    expect((await tokensOf(a)).tokens).toBe(55);
  });

  it('does not offer a different mural on the same wall: the two stay two', async () => {
    const [a, b] = await Promise.all([signUp(t().app), signUp(t().app)]);
    const at = nextSpot();
    const [one, other] = await differentPiecePair(500_060);
    const first = await a.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Koala', ...at, imageUrl: await uploadPhoto(a, 'discovery', one) },
    });
    const photo = await uploadPhoto(b, 'discovery', other);
    expect(await matches(b, photo, north(at, 5))).toEqual([]);
    const second = await b.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Wombat', ...north(at, 5), imageUrl: photo },
    });
    expect(second.json<CreatedDiscovery>().artworkId).not.toBe(
      first.json<CreatedDiscovery>().artworkId,
    );
  });
});

describe('gone and back', () => {
  it('is gone after two players report it, and back when someone finds it with a photo', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signUp(t().app)));
    const at = nextSpot();
    const first = (await document(a!, at)).json<CreatedDiscovery>();
    const id = first.artworkId!;

    const one = await logKind(b!, id, { kind: 'gone', ...at });
    expect(one.statusCode).toBe(201);
    expect(one.json<CreatedLog>().artwork.status).toBe('present');
    // The same player twice counts once (and is refused the same day).
    expect((await logKind(b!, id, { kind: 'gone', ...at })).statusCode).toBe(409);

    const two = await logKind(c!, id, { kind: 'gone', ...north(at, 20) });
    expect(two.statusCode).toBe(201);
    expect(two.json<CreatedLog>().artwork.status).toBe('gone');
    expect(two.json<CreatedLog>().log.tokensAwarded).toBe(0);

    const box = { west: at.longitude - 0.01, east: at.longitude + 0.01 };
    const inView = await a!.request({
      url: '/api/artworks/in-view',
      query: {
        ...Object.fromEntries(Object.entries(box).map(([k, v]) => [k, String(v)])),
        south: String(at.latitude - 0.01),
        north: String(at.latitude + 0.01),
        zoom: '16',
      },
    });
    expect(inView.statusCode).toBe(200);
    const point = inView.json<ArtworksInView>().points.find((p) => p[0] === id);
    expect(point?.[5]).toBe('gone');

    const back = await document(d!, at, { artworkId: id });
    expect(back.statusCode).toBe(201);
    const artwork = await artworkOf(d!, id);
    expect(artwork.status).toBe('present');
    // The page gives a recent sighting's day only (docs/decisions/045); the row has its time.
    const [seen] = await t()
      .db.select({ at: artworks.lastSeenAt })
      .from(artworks)
      .where(eq(artworks.id, id));
    expect(seen!.at.getTime()).toBeGreaterThan(Date.parse(first.createdAt));

    // Reports made before it was seen again no longer count: one new report is not enough.
    const afterBack = await logKind(a!, id, { kind: 'gone', ...at });
    expect(afterBack.json<CreatedLog>().artwork.status).toBe('present');
  });

  it('painted over: links the newer piece, and is gone after two reports', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signUp(t().app)));
    const at = nextSpot();
    const old = (await document(a!, at)).json<CreatedDiscovery>();
    const newer = (
      await document(b!, north(at, 3), { name: 'New koala' })
    ).json<CreatedDiscovery>();

    const self = await logKind(b!, old.artworkId!, {
      kind: 'painted_over',
      newArtworkId: old.artworkId,
      ...at,
    });
    expect(self.statusCode).toBe(400);
    const missing = await logKind(b!, old.artworkId!, { kind: 'painted_over', ...at });
    expect(missing.statusCode).toBe(400);

    const first = await logKind(b!, old.artworkId!, {
      kind: 'painted_over',
      newArtworkId: newer.artworkId,
      ...at,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<CreatedLog>().artwork).toMatchObject({
      status: 'present',
      paintedOverBy: { id: newer.artworkId, title: 'New koala' },
    });
    await logKind(c!, old.artworkId!, {
      kind: 'painted_over',
      newArtworkId: newer.artworkId,
      ...at,
    });
    expect((await artworkOf(c!, old.artworkId!)).status).toBe('gone');
    expect((await artworkOf(c!, newer.artworkId!)).paintsOver).toEqual([
      { id: old.artworkId, title: 'Koala' },
    ]);
  });

  it('lists the other pieces within 200 m, closest first, for a painted-over report', async () => {
    const [a, b] = await Promise.all([signUp(t().app), signUp(t().app)]);
    const at = nextSpot();
    const old = (await document(a!, at)).json<CreatedDiscovery>().artworkId!;
    const close = (await document(b!, north(at, 5), { name: 'Close' })).json<CreatedDiscovery>();
    const further = (
      await document(b!, north(at, 150), { name: 'Further' })
    ).json<CreatedDiscovery>();
    await document(b!, north(at, 400), { name: 'Too far' });

    const res = await b!.request({ url: `/api/artworks/${old}/nearby` });
    expect(res.statusCode).toBe(200);
    const { artworks: near } = res.json<NearbyArtworks>();
    expect(near.map((n) => [n.id, n.title, n.distanceM])).toEqual([
      [close.artworkId, 'Close', 5],
      [further.artworkId, 'Further', 150],
    ]);
    expect(near[0]).toMatchObject({ status: 'present', coverImageUrl: expect.any(String) });

    expect((await b!.request({ url: '/api/artworks/nope-404/nearby' })).statusCode).toBe(404);
    const anonymous = await t().app.inject({ url: `/api/artworks/${old}/nearby` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('gets a clear 4xx and changes nothing', async () => {
    const a = await signUp(t().app);
    const b = await signUp(t().app);
    const at = nextSpot();
    const created = (await document(a, at)).json<CreatedDiscovery>();
    const id = created.artworkId!;
    const before = await t().db.select().from(artworkLogs).where(eq(artworkLogs.artworkId, id));

    const cases: [Record<string, unknown>, number][] = [
      [{}, 400],
      [{ kind: 'found', ...at }, 400],
      [{ kind: 'vandalised', ...at }, 400],
      [{ kind: 'gone', latitude: 'north', longitude: at.longitude }, 400],
      [{ kind: 'gone', ...at, imageUrl: 'https://evil.example/x.jpg' }, 400],
      [{ kind: 'gone', ...at, imageUrl: created.imageUrl }, 400],
      [{ kind: 'found', ...at, imageUrl: created.imageUrl, name: 'x'.repeat(121) }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await logKind(b, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await logKind(b, 'missing', { kind: 'gone', ...at })).statusCode).toBe(404);
    const signedOut = await t().app.inject({
      method: 'POST',
      url: `/api/artworks/${id}/logs`,
      payload: { kind: 'gone', ...at },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await t().app.inject({ url: `/api/artworks/${id}` })).statusCode).toBe(401);
    const matchOther = await b.request({
      method: 'POST',
      url: '/api/artworks/matches',
      payload: { imageUrl: created.imageUrl, ...at },
    });
    expect(matchOther.statusCode).toBe(400);

    expect(await t().db.select().from(artworkLogs).where(eq(artworkLogs.artworkId, id))).toEqual(
      before,
    );
    const [artwork] = await t().db.select().from(artworks).where(eq(artworks.id, id));
    expect(artwork?.status).toBe('present');
  });
});
