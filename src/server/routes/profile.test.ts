import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  pinnerAndFinder,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import type { Artwork } from '../../core/schemas/profile.ts';
import { markers, profileArtworks, users } from '../db/schema.ts';
import { forumPosts } from '../db/community-schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const artCount = async () => (await t.db.select({ n: count() }).from(profileArtworks))[0]!.n;
const pictureOf = async (p: Player) =>
  (await t.db.select().from(users).where(eq(users.id, p.id)))[0]!.profileImageUrl;
const setPicture = (p: Player, payload: object) =>
  p.request({ method: 'PUT', url: '/api/profile/picture', payload });
const addArt = (p: Player, payload: object) =>
  p.request({ method: 'POST', url: '/api/profile/art', payload });

describe('signed-in only', () => {
  it.each([
    ['PUT', '/api/profile/picture'],
    ['GET', '/api/profile/art'],
    ['POST', '/api/profile/art'],
    ['GET', `/api/profile/art/${randomUUID()}`],
    ['GET', '/api/profile/achievements'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const payload = method === 'GET' ? undefined : {};
    const res = await t.app.inject({ method, url, payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/profile/picture', () => {
  it('sets a profile photo the player uploaded and returns the updated user', async () => {
    const url = await uploadPhoto(alice, 'profile');
    const res = await setPicture(alice, { imageUrl: url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: alice.id,
      username: alice.username,
      profileImageUrl: url,
      createdAt: expect.any(String),
      level: 1,
      discoveries: 0,
      firstFinds: 0,
      tokens: 0,
      score: 0,
      isPro: false,
      role: 'player',
      suspendedUntil: null,
    });
    const me = await alice.request({ url: '/api/auth/user' });
    expect(me.json().profileImageUrl).toBe(url);
  });

  it("refuses another player's photo with a 400 naming imageUrl, changing nothing", async () => {
    const before = await pictureOf(alice);
    const bobs = await uploadPhoto(bob, 'profile');
    const res = await setPicture(alice, { imageUrl: bobs });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'imageUrl'");
    expect(await pictureOf(alice)).toBe(before);
  });

  it('refuses a photo uploaded for another purpose (the 5 MB limit must hold)', async () => {
    const before = await pictureOf(alice);
    const discovery = await uploadPhoto(alice, 'discovery');
    const res = await setPicture(alice, { imageUrl: discovery });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'imageUrl'");
    expect(await pictureOf(alice)).toBe(before);
  });

  it.each([
    ['an external URL', { imageUrl: 'https://evil.example/a.png' }],
    ['a missing imageUrl', {}],
    ['an unknown object', { imageUrl: '/objects/doesNotExist1234' }],
    ['a path outside the store', { imageUrl: '/objects/../etc/passwd' }],
  ])('refuses %s with a 400 naming imageUrl', async (_name, payload) => {
    const before = await pictureOf(bob);
    const res = await setPicture(bob, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'imageUrl'");
    expect(await pictureOf(bob)).toBe(before);
  });
});

describe('art gallery', () => {
  let art: Artwork;

  it('adds a piece (201), trimmed, with zero views', async () => {
    const url = await uploadPhoto(alice, 'gallery');
    const res = await addArt(alice, {
      imageUrl: url,
      title: '  Night Bloom  ',
      description: '  Stencil on brick  ',
      artType: 'sketch',
    });
    expect(res.statusCode).toBe(201);
    art = res.json<Artwork>();
    expect(art).toEqual({
      id: expect.any(String),
      imageUrl: url,
      title: 'Night Bloom',
      description: 'Stencil on brick',
      artType: 'sketch',
      views: 0,
      createdAt: expect.any(String),
    });
  });

  it('defaults the description to empty and the art type to graffiti', async () => {
    const url = await uploadPhoto(alice, 'discovery');
    const res = await addArt(alice, { imageUrl: url, title: 'Second' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: '', artType: 'graffiti' });
  });

  it("lists the player's own gallery newest first, and nobody else's", async () => {
    const res = await alice.request({ url: '/api/profile/art' });
    expect(res.statusCode).toBe(200);
    const list = res.json<Artwork[]>();
    expect(list.map((a) => a.title)).toEqual(['Second', 'Night Bloom']);
    expect(list[1]).toEqual(art);
    expect((await bob.request({ url: '/api/profile/art' })).json()).toEqual([]);
  });

  it.each([
    ['a missing imageUrl', { imageUrl: undefined, title: 'x' }, 'imageUrl'],
    ['an external imageUrl', { imageUrl: 'https://evil.example/a.png', title: 'x' }, 'imageUrl'],
    ['a missing title', {}, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title of 121 characters', { title: 't'.repeat(121) }, 'title'],
    [
      'a description of 2001 characters',
      { title: 'x', description: 'd'.repeat(2001) },
      'description',
    ],
    ['artType oil', { title: 'x', artType: 'oil' }, 'artType'],
  ])('refuses %s with a 400 naming the field, adding nothing', async (_name, body, field) => {
    const url = await uploadPhoto(alice, 'gallery');
    const before = await artCount();
    const res = await addArt(alice, { imageUrl: url, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`'${field}'`);
    expect(await artCount()).toBe(before);
  });

  it("refuses another player's photo with 400, adding nothing", async () => {
    const bobs = await uploadPhoto(bob, 'gallery');
    const before = await artCount();
    const res = await addArt(alice, { imageUrl: bobs, title: 'Not mine' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'imageUrl'");
    expect(await artCount()).toBe(before);
  });

  it("counts views by other players, not the owner's own", async () => {
    const own = await alice.request({ url: `/api/profile/art/${art.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(art);

    const first = await bob.request({ url: `/api/profile/art/${art.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...art, views: 1 });
    expect((await bob.request({ url: `/api/profile/art/${art.id}` })).json().views).toBe(2);

    expect((await alice.request({ url: `/api/profile/art/${art.id}` })).json().views).toBe(2);
    const list = (await alice.request({ url: '/api/profile/art' })).json<Artwork[]>();
    expect(list.find((a) => a.id === art.id)?.views).toBe(2);
  });

  it('counts concurrent views exactly', { tags: ['concurrency'] }, async () => {
    // A piece of its own: the Postgres pass runs this test without the ones above.
    const url = await uploadPhoto(alice, 'gallery');
    const piece = (
      await addArt(alice, { imageUrl: url, title: 'Busy wall', artType: 'sketch' })
    ).json<Artwork>();
    await Promise.all(
      Array.from({ length: 50 }, () => bob.request({ url: `/api/profile/art/${piece.id}` })),
    );
    expect((await alice.request({ url: `/api/profile/art/${piece.id}` })).json().views).toBe(50);
  });

  it('answers 404 for an unknown artwork and 400 for a malformed id', async () => {
    const missing = await bob.request({ url: `/api/profile/art/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Artwork not found' });
    const bad = await bob.request({ url: '/api/profile/art/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'id'");
  });
});

describe('GET /api/profile/achievements', () => {
  const unlocked = async (p: Player) => {
    const res = await p.request({ url: '/api/profile/achievements' });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      res.json<{ id: string; unlocked: boolean }[]>().map((a) => [a.id, a.unlocked]),
    );
  };

  it('lists the three achievements, all locked for a new player', async () => {
    const carol = await signUp(t.app);
    const res = await carol.request({ url: '/api/profile/achievements' });
    expect(res.json()).toEqual([
      {
        id: 'first_discovery',
        name: 'First Discovery',
        description: expect.any(String),
        unlocked: false,
      },
      { id: 'pin_dropper', name: 'Pin Dropper', description: expect.any(String), unlocked: false },
      {
        id: 'social_explorer',
        name: 'Social Explorer',
        description: expect.any(String),
        unlocked: false,
      },
    ]);
  });

  it('unlocks each one from what the player has done', async () => {
    const dave = await signUp(t.app);
    // Others' activity does not count.
    await t.db
      .insert(markers)
      .values({ id: randomUUID(), userId: bob.id, latitude: 1, longitude: 2, emojiPin: 'flag' });
    await t.db.insert(forumPosts).values({ id: 'by-someone', authorName: 'X', content: 'hi' });
    expect(await unlocked(dave)).toEqual({
      first_discovery: false,
      pin_dropper: false,
      social_explorer: false,
    });

    await t.db.update(users).set({ discoveries: 1 }).where(eq(users.id, dave.id));
    expect((await unlocked(dave)).first_discovery).toBe(true);

    await t.db.insert(markers).values({
      id: randomUUID(),
      userId: dave.id,
      latitude: -28,
      longitude: 153,
      emojiPin: 'tag',
    });
    expect((await unlocked(dave)).pin_dropper).toBe(true);

    const posted = await dave.request({
      method: 'POST',
      url: '/api/community/forum',
      payload: { content: 'My first post' },
    });
    expect(posted.statusCode).toBe(201);
    expect(await unlocked(dave)).toEqual({
      first_discovery: true,
      pin_dropper: true,
      social_explorer: true,
    });
  });
});

describe('profile stats: finds and first finds', () => {
  it('counts a new piece as a first find, and a find of another player’s piece as a find only', async () => {
    const { pinner, finder } = await pinnerAndFinder(t.app);
    const stats = async (p: Player) => {
      const { discoveries, firstFinds } = (await p.request({ url: '/api/auth/user' })).json();
      return { discoveries, firstFinds };
    };
    expect(await stats(pinner)).toEqual({ discoveries: 1, firstFinds: 1 });
    expect(await stats(finder)).toEqual({ discoveries: 1, firstFinds: 0 });
  });
});
