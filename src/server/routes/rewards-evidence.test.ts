import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, uploadPhoto, useUnlimitedApp, type Player } from '../../../test/app.ts';
import { verifyAsArtist } from '../../../test/artists.ts';
import { storedPhoto, storedPhotos } from '../../../test/evidence.ts';
import { acted, signUpModerator } from '../../../test/moderation.ts';
import { missions } from '../db/community-schema.ts';
import { artworkLogs, artworks, users } from '../db/schema.ts';

/**
 * Coins pay for evidence only (SPEC's amounts: photographer 50, artist 150, graffiti 150): a
 * photo of the player's own that passed the checks. Every way the API lets a player earn is
 * tried without one, and none pays.
 */
const app = useUnlimitedApp();

let place = 0;
/** A spot of its own per test, far from the others (the travel check stays quiet). */
const spot = () => ({ latitude: -40 + (place += 0.01), longitude: 150 });

const post = (player: Player, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  player.request({ method, url, payload });

const discover = (player: Player, payload: object) => post(player, '/api/discoveries', payload);
const addPhoto = (player: Player, id: string, imageUrl: unknown) =>
  post(player, `/api/discoveries/${id}/photo`, { imageUrl }, 'PUT');

async function account(player: Player) {
  const [row] = await app()
    .db.select({ tokens: users.tokens, discoveries: users.discoveries, firsts: users.firstFinds })
    .from(users)
    .where(eq(users.id, player.id));
  return row!;
}

const NOTHING = { tokens: 0, discoveries: 0, firsts: 0 };

describe('no photo, no coins', () => {
  it('saves a find without a photo, as photographer or artist, and pays nothing', async () => {
    const p = await signUp(app().app);
    const at = spot();
    const bodies = [
      { name: 'Koala', ...at, tokensAwarded: 150 },
      { name: 'Mine', ...at, userRole: 'artist', isFreshArt: true },
      { name: 'Null photo', ...at, imageUrl: null },
    ];
    for (const body of bodies) {
      const res = await discover(p, body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ tokensAwarded: 0, awaitingPhoto: true, imageUrl: null });
    }
    expect(await account(p)).toEqual(NOTHING);
    const mine = (await p.request({ url: '/api/discoveries/mine' })).json();
    expect(mine.items.map((d: { awaitingPhoto: boolean }) => d.awaitingPhoto)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('30 posts at one spot earn nothing', async () => {
    const p = await signUp(app().app);
    const at = spot();
    for (let i = 0; i < 30; i++) {
      const res = await discover(p, { name: `Piece ${i}`, ...at, userRole: 'artist' });
      expect(res.statusCode).toBe(201);
    }
    expect(await account(p)).toEqual(NOTHING);
  });

  it('a find of another player’s artwork without a photo pays neither finder', async () => {
    const pinner = await signUp(app().app);
    const finder = await signUp(app().app);
    const at = spot();
    const pinned = await discover(pinner, {
      name: 'Koala',
      ...at,
      imageUrl: await uploadPhoto(pinner),
    });
    const { artworkId } = pinned.json<{ artworkId: string }>();
    const res = await discover(finder, { name: 'Koala', ...at, artworkId });
    expect(res.json()).toMatchObject({ tokensAwarded: 0, awaitingPhoto: true });
    expect(await account(finder)).toEqual(NOTHING);
    expect((await account(pinner)).tokens).toBe(50);
    // The artwork page's log form asks for a photo outright.
    const log = await post(finder, `/api/artworks/${artworkId}/logs`, { kind: 'found', ...at });
    expect(log.statusCode).toBe(400);
  });

  it('a pin without a photo earns its maker no first finder’s bonus from others’ finds', async () => {
    const pinner = await signUp(app().app);
    const finder = await signUp(app().app);
    const at = spot();
    const { artworkId } = (await discover(pinner, { name: 'Bare', ...at })).json();
    const found = await discover(finder, {
      name: 'Bare',
      ...at,
      artworkId,
      imageUrl: await uploadPhoto(finder),
    });
    expect(found.json()).toMatchObject({ tokensAwarded: 20, awaitingPhoto: false });
    expect(await account(pinner)).toEqual(NOTHING);
  });

  it('completes no mission without a photo', async () => {
    const p = await signUp(app().app);
    const at = spot();
    await app()
      .db.insert(missions)
      .values({
        id: `m-${randomUUID()}`,
        title: 'Hot spot',
        description: 'Find it',
        difficulty: 'easy',
        rewardTokens: 200,
        missionType: 'discovery',
        targetEmojiPin: 'hot_spot',
        targetLat: at.latitude,
        targetLng: at.longitude,
        source: 'test',
      });
    const res = await discover(p, { name: 'x', ...at, emojiPin: 'hot_spot' });
    expect(res.json().completedMissions).toEqual([]);
    expect(await account(p)).toEqual(NOTHING);
  });

  it('refuses a graffiti without a photo, and photos that are not the player’s own', async () => {
    const p = await signUp(app().app);
    const other = await signUp(app().app);
    const at = spot();
    expect((await post(p, '/api/discoveries/graffiti', { name: 'g', ...at })).statusCode).toBe(400);
    const theirs = await storedPhoto(app().db, other.id);
    for (const url of ['/api/discoveries', '/api/discoveries/graffiti']) {
      expect((await post(p, url, { name: 'g', ...at, imageUrl: theirs })).statusCode).toBe(400);
    }
    expect(await account(p)).toEqual(NOTHING);
  });

  it('a moderator releasing a held find without a photo pays nothing: it waits for its photo', async () => {
    const p = await signUp(app().app);
    const mod = await signUpModerator(app().app, app().db);
    await discover(p, { name: 'Here', latitude: -27.47, longitude: 153.02 });
    // Sydney minutes after Brisbane: held by the travel check.
    const held = await discover(p, { name: 'There', latitude: -33.87, longitude: 151.21 });
    expect(held.json()).toMatchObject({ pendingReview: true, awaitingPhoto: false });
    const [log] = await app()
      .db.select()
      .from(artworkLogs)
      .where(eq(artworkLogs.discoveryId, held.json().id));
    const entry = await acted(mod, { action: 'release_log', targetId: log!.id, reason: 'plane' });
    expect(entry.details).toEqual({ tokens: 0 });
    expect(await account(p)).toEqual(NOTHING);
    const paid = await addPhoto(p, held.json().id, await storedPhoto(app().db, p.id));
    expect(paid.json()).toMatchObject({ tokensAwarded: 50, pendingReview: false });
  });
});

describe('PUT /api/discoveries/:id/photo: the evidence added later', () => {
  it('pays what the find would have paid, counts it, sets the cover, and only once', async () => {
    const p = await signUp(app().app);
    // SPEC's artist amount is for a verified artist's own new piece (decision 049).
    await verifyAsArtist(app().db, p.id);
    const at = spot();
    const created = (await discover(p, { name: 'Mine', ...at, userRole: 'artist' })).json();
    const imageUrl = await uploadPhoto(p);
    const res = await addPhoto(p, created.id, imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      imageUrl,
      tokensAwarded: 150,
      awaitingPhoto: false,
      pendingReview: false,
    });
    expect(await account(p)).toEqual({ tokens: 150, discoveries: 1, firsts: 1 });
    const [artwork] = await app()
      .db.select()
      .from(artworks)
      .where(eq(artworks.id, created.artworkId));
    expect(artwork?.coverImageUrl).toBe(imageUrl);
    const again = await addPhoto(p, created.id, await storedPhoto(app().db, p.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This discovery already has a photo.');
    expect((await account(p)).tokens).toBe(150);
  });

  it('refuses bad input and other players’ discoveries and photos, changing nothing', async () => {
    const p = await signUp(app().app);
    const other = await signUp(app().app);
    const at = spot();
    const { id } = (await discover(p, { name: 'Mine', ...at })).json();
    const theirs = (await discover(other, { name: 'Theirs', ...at })).json();
    const mine = await storedPhoto(app().db, p.id);
    const documented = await uploadPhoto(p);
    await discover(p, { name: 'Documented', ...spot(), imageUrl: documented });
    const before = await account(p);
    const cases: [string, unknown, number][] = [
      [id, undefined, 400],
      [id, 42, 400],
      [id, 'https://evil.example/x.jpg', 400],
      [id, await storedPhoto(app().db, other.id), 400],
      [id, documented, 409],
      [theirs.id, mine, 404],
      ['no-such-discovery', mine, 404],
    ];
    for (const [target, imageUrl, status] of cases) {
      const res = await addPhoto(p, target, imageUrl);
      expect(res.statusCode, `${target} ${String(imageUrl)}`).toBe(status);
    }
    expect(await account(p)).toEqual(before);
    expect((await account(other)).tokens).toBe(0);
    const signedOut = await app().app.inject({
      method: 'PUT',
      url: `/api/discoveries/${id}/photo`,
      payload: { imageUrl: mine },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('holds the find for review when the photo was taken far from the pin', async () => {
    const p = await signUp(app().app);
    const at = spot();
    const { id } = (await discover(p, { name: 'Far', ...at })).json();
    const [far] = await storedPhotos(app().db, p.id, 1, { latitude: 0, longitude: 0 });
    const res = await addPhoto(p, id, far);
    expect(res.json()).toMatchObject({ tokensAwarded: 0, pendingReview: true });
    expect(await account(p)).toEqual(NOTHING);
  });

  it(
    '50 photos added to one find at once: one lands and pays once',
    { tags: ['concurrency'] },
    async () => {
      const p = await signUp(app().app);
      const { id } = (await discover(p, { name: 'Race', ...spot() })).json();
      const photos = await storedPhotos(app().db, p.id, 50);
      const answers = await Promise.all(photos.map((url) => addPhoto(p, id, url)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(49);
      expect(await account(p)).toEqual({ tokens: 50, discoveries: 1, firsts: 1 });
    },
  );
});
