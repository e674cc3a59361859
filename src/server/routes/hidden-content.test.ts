import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../core/schemas/artworks.ts';
import type { ForumPost } from '../../core/schemas/community.ts';
import {
  createTestApp,
  NO_LIMIT,
  pinnerAndFinder,
  signUp,
  uploadPhoto,
  type Player,
  type Spot,
  type TestApp,
} from '../../../test/app.ts';
import { forumRequests } from '../../../test/forum.ts';
import {
  acted,
  reportTwice,
  signUpEstablished,
  signUpModerator,
} from '../../../test/moderation.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';

/** Hidden content is gone from every read a player makes (docs/decisions/026). */

let t: TestApp;
let mod: Player;
let viewer: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
  mod = await signUpModerator(t.app, t.db);
  viewer = await signUpEstablished(t.app, t.db);
  [bob, carol] = [await signUpEstablished(t.app, t.db), await signUpEstablished(t.app, t.db)];
});
afterAll(() => t.close());

let spot = 0;
const nextSpot = (): Spot => {
  spot += 1;
  return { latitude: -31.9 - spot * 0.02, longitude: 115.8 + spot * 0.02 };
};
const box = (at: Spot) => ({
  west: String(at.longitude - 0.005),
  east: String(at.longitude + 0.005),
  south: String(at.latitude - 0.005),
  north: String(at.latitude + 0.005),
});
const hide = (
  targetType: 'discovery' | 'artwork' | 'artwork_log' | 'gallery_art',
  targetId: string,
) => acted(mod, { action: 'hide', targetType, targetId, reason: 'test' });
const artworkOf = async (player: Player, id: string) =>
  (await player.request({ url: `/api/artworks/${id}` })).json<Artwork>();
const idsIn = (res: { json(): unknown }) =>
  (res.json() as { points: unknown[][] }).points.map((p) => p[0]);

describe('a hidden discovery', () => {
  it('leaves the map, nearby lists, its panel, the artwork’s photos and cover', async () => {
    const at = nextSpot();
    const { finder, artworkId } = await pinnerAndFinder(t.app, at);
    const [found] = await t.db.select().from(discoveries).where(eq(discoveries.userId, finder.id));
    const before = await artworkOf(viewer, artworkId);
    expect(before.photos.map((p) => p.imageUrl)).toContain(found!.imageUrl);
    expect(before.coverImageUrl).toBe(found!.imageUrl);

    await hide('discovery', found!.id);
    const inView = await viewer.request({ url: '/api/discoveries/in-view', query: box(at) });
    expect(idsIn(inView)).not.toContain(found!.id);
    const nearby = await viewer.request({
      url: '/api/discoveries/nearby',
      query: { latitude: String(at.latitude), longitude: String(at.longitude) },
    });
    expect(nearby.json<{ id: string }[]>().map((d) => d.id)).not.toContain(found!.id);
    expect((await viewer.request({ url: `/api/discoveries/${found!.id}` })).statusCode).toBe(404);
    const after = await artworkOf(viewer, artworkId);
    expect(after.photos.map((p) => p.imageUrl)).not.toContain(found!.imageUrl);
    expect(after.logs).toHaveLength(1);
    expect(after.coverImageUrl).not.toBe(found!.imageUrl);
    expect(after.coverImageUrl).not.toBeNull();
    // Its owner still keeps it in their own list.
    const mine = await finder.request({ url: '/api/discoveries/mine' });
    expect(mine.json<{ items: { id: string }[] }>().items.map((d) => d.id)).toContain(found!.id);
  });
});

describe('a hidden artwork', () => {
  it('leaves the map and its page, and takes no new logs', async () => {
    const at = nextSpot();
    const { pinner, artworkId } = await pinnerAndFinder(t.app, at);
    await hide('artwork', artworkId);
    const inView = await viewer.request({
      url: '/api/artworks/in-view',
      query: { ...box(at), zoom: '16' },
    });
    expect(idsIn(inView)).not.toContain(artworkId);
    expect((await viewer.request({ url: `/api/artworks/${artworkId}` })).statusCode).toBe(404);
    expect((await pinner.request({ url: `/api/artworks/${artworkId}` })).statusCode).toBe(404);
    const log = await viewer.request({
      method: 'POST',
      url: `/api/artworks/${artworkId}/logs`,
      payload: { kind: 'found', ...at, imageUrl: await uploadPhoto(viewer) },
    });
    expect(log.statusCode).toBe(404);
    const gone = await viewer.request({
      method: 'POST',
      url: `/api/artworks/${artworkId}/logs`,
      payload: { kind: 'gone', ...at },
    });
    expect(gone.statusCode).toBe(404);
    const [row] = await t.db.select().from(artworks).where(eq(artworks.id, artworkId));
    expect(row!.hiddenAt).not.toBeNull();
  });
});

describe('a hidden log', () => {
  it('leaves the artwork’s timeline and finders', async () => {
    const at = nextSpot();
    const { finder, artworkId } = await pinnerAndFinder(t.app, at);
    const [log] = await t.db.select().from(artworkLogs).where(eq(artworkLogs.userId, finder.id));
    await hide('artwork_log', log!.id);
    const seen = await artworkOf(viewer, artworkId);
    expect(seen.logs.map((l) => l.id)).not.toContain(log!.id);
    expect(seen.finders).not.toContain(finder.username);
  });
});

describe('hidden gallery art', () => {
  it('is not shown to other players; its owner still sees it', async () => {
    const owner = await signUp(t.app);
    const imageUrl = await uploadPhoto(owner, 'gallery');
    const created = await owner.request({
      method: 'POST',
      url: '/api/profile/art',
      payload: { imageUrl, title: 'My piece', artType: 'graffiti' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    await reportTwice([bob, carol], 'gallery_art', id);
    expect((await viewer.request({ url: `/api/profile/art/${id}` })).statusCode).toBe(404);
    expect((await owner.request({ url: `/api/profile/art/${id}` })).statusCode).toBe(200);
  });
});

describe('hidden forum posts', () => {
  const { newPost, forum, replies } = forumRequests;

  it('hide a reply from the thread and its count; the author sees it marked hidden', async () => {
    const author = await signUp(t.app);
    const parent = await newPost(viewer, { content: 'Thread' });
    const reply = await newPost(author, { content: 'Rude reply', parentId: parent.id });
    await newPost(bob, { content: 'Kind reply', parentId: parent.id });
    await reportTwice([bob, carol], 'forum_post', reply.id);

    expect((await replies(viewer, parent.id)).map((r) => r.content)).toEqual(['Kind reply']);
    expect((await forum(viewer)).find((p) => p.id === parent.id)?.replies).toBe(1);
    const own = await replies(author, parent.id);
    expect(own.find((r) => r.id === reply.id)).toMatchObject({ hidden: true });
    expect((await forum(author)).find((p) => p.id === parent.id)?.replies).toBe(2);
  });

  it('a hidden top-level post refuses replies, likes and its thread to others', async () => {
    const post = await newPost(carol, { content: 'Hidden thread' });
    await reportTwice([bob, viewer], 'forum_post', post.id);
    const other = await signUp(t.app);
    expect(
      (await other.request({ url: `/api/community/forum/${post.id}/replies` })).statusCode,
    ).toBe(404);
    const reply = await forumRequests.post(other, { content: 'hi', parentId: post.id });
    expect(reply.statusCode).toBe(404);
    expect((await forumRequests.like(other, post.id)).statusCode).toBe(404);
    const mine = (await forum(carol)).find((p: ForumPost) => p.id === post.id);
    expect(mine).toMatchObject({ hidden: true });
  });
});
