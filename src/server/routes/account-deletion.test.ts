import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../../core/schemas/artworks.ts';
import { DELETED_PLAYER } from '../../core/your-data.ts';
import type { ForumPost } from '../../core/schemas/community.ts';
import { signUp, uploadPhoto, type Player, type TestApp } from '../../../test/app.ts';
import { forumRequests } from '../../../test/forum.ts';
import { givePlayerData, objectIdOf } from '../../../test/player-data.ts';
import { appOnStore, storesUnderTest } from '../../../test/s3-server.ts';
import { artworks, legalWalls, objects, uploadTokens, users } from '../db/schema.ts';
import { objectKeys } from '../storage/object-store.ts';

/** DELETE /api/profile on both photo stores: what goes, what stays, and every bad request. */

const PASSWORD = 'spray-paint-rules-42';
const remove = (player: Player, payload?: unknown) =>
  player.request({ method: 'DELETE', url: '/api/profile', ...(payload ? { payload } : {}) });

describe.each(storesUnderTest())('deleting an account on the $name store', (store) => {
  const ctx = appOnStore(store);
  let t: TestApp;
  let alice: Player;
  let bob: Player;
  const bobsSpot = { latitude: -27.47, longitude: 153.02 };
  let bobData: Awaited<ReturnType<typeof givePlayerData>>;
  let aliceData: Awaited<ReturnType<typeof givePlayerData>>;
  beforeAll(async () => {
    ({ t, alice, bob } = ctx);
    bobData = await givePlayerData(bob, bobsSpot);
    aliceData = await givePlayerData(
      alice,
      { latitude: -27.473, longitude: 153.02 },
      { artwork: { id: bobData.artworkId, at: bobsSpot }, postId: bobData.postId },
    );
  });

  const photosOf = (player: Player) =>
    t.db.select().from(objects).where(eq(objects.ownerId, player.id));
  const artwork = async (id: string) =>
    (await bob.request({ url: `/api/artworks/${id}` })).json<Artwork>();
  /** The player can still sign in and has all their photos: the pin, the find, gallery, picture. */
  const stillThere = async (player: Player) => {
    expect((await player.request({ url: '/api/auth/user' })).statusCode).toBe(200);
    expect(await photosOf(player)).toHaveLength(player === alice ? 4 : 3);
  };

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      payload: { username: alice.username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    await stillThere(alice);
  });

  it.each([
    ['no body', undefined, /body/],
    ['no password', { username: 'x' }, /password/],
    ['no username', { password: PASSWORD }, /username/],
    ['an empty username', { username: ' ', password: PASSWORD }, /username/],
    ['a number for a password', { username: 'x', password: 42 }, /password/],
    ['a username too long', { username: 'a'.repeat(201), password: PASSWORD }, /username/],
    ['a password too long', { username: 'x', password: 'a'.repeat(1001) }, /password/],
  ])('refuses %s with a 400 naming the field', async (_name, payload, field) => {
    const res = await remove(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(field);
    await stillThere(alice);
  });

  it("refuses another player's username and a wrong password, changing nothing", async () => {
    const other = await remove(alice, { username: bob.username, password: PASSWORD });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      `Invalid body field 'username': type your username, ${alice.username}.`,
    );
    const wrong = await remove(alice, { username: alice.username, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Incorrect password. Your account has not been deleted.');
    await stillThere(alice);
    await stillThere(bob);
  });

  it('removes the account and its photos, keeping posts and artworks for the others', async () => {
    const photos = await photosOf(alice);
    const aliceArtwork = await artwork(aliceData.artworkId);
    expect(aliceArtwork.coverImageUrl).toMatch(/^\/objects\//);
    // A photo uploaded but never completed is staged: it goes too.
    const ticket = await alice.request({ method: 'POST', url: '/api/objects/upload' });
    const staged = objectIdOf(ticket.json<{ objectURL: string }>().objectURL);
    // Alice's find is the newest photo of Bob's artwork, so its cover.
    expect(photos.map((p) => `/objects/${p.id}`)).toContain(
      (await artwork(bobData.artworkId)).coverImageUrl,
    );

    const res = await remove(alice, { username: alice.username.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'ss_session');
    expect(cleared?.value).toBe('');

    // The old session is refused; the name is free again; nothing of theirs is served.
    expect((await alice.request({ url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await remove(alice, { username: alice.username, password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(await photosOf(alice)).toEqual([]);
    for (const photo of photos) {
      for (const url of [`/objects/${photo.id}`, `/objects/${photo.id}/thumbnail`]) {
        expect((await t.app.inject({ url })).statusCode).toBe(404);
      }
      expect(await t.app.objectStore.get(objectKeys.display(photo.id))).toBeNull();
      expect(await t.app.objectStore.get(objectKeys.thumb(photo.id))).toBeNull();
    }
    expect(await t.app.objectStore.get(objectKeys.staging(staged))).toBeNull();
    expect(await t.db.select().from(uploadTokens).where(eq(uploadTokens.userId, alice.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(users).where(eq(users.id, alice.id))).toEqual([]);

    // The artwork alice first found stays on the map, without her photo, by "deleted player".
    const kept = await artwork(aliceData.artworkId);
    expect(kept).toMatchObject({ coverImageUrl: null, firstFinder: DELETED_PLAYER });
    expect(kept.photos).toEqual([]);
    // Bob's artwork goes back to Bob's photo.
    const bobs = await artwork(bobData.artworkId);
    expect(bobs.coverImageUrl).toMatch(/^\/objects\//);
    expect(photos.map((p) => `/objects/${p.id}`)).not.toContain(bobs.coverImageUrl);
    expect(bobs.firstFinder).toBe(bob.username);

    // Her post and her reply in Bob's thread stay, by "deleted player"; her like is gone.
    const forum = await forumRequests.forum(bob);
    const post = forum.find((p) => p.id === aliceData.postId);
    expect(post?.user).toEqual({ id: null, username: DELETED_PLAYER });
    const replies = await forumRequests.replies(bob, bobData.postId);
    expect(replies.find((r: ForumPost) => r.id === aliceData.replyId)?.user).toEqual({
      id: null,
      username: DELETED_PLAYER,
    });
    expect(forum.find((p) => p.id === bobData.postId)).toMatchObject({ likes: 0, replies: 1 });

    // The leaderboard no longer lists her; her name can be taken by someone new.
    const board = await bob.request({ url: '/api/leaderboard' });
    expect(board.body).not.toContain(alice.username);
    const again = await signUp(t.app, alice.username);
    expect(again.id).not.toBe(alice.id);
  });

  it("moves an artwork's cover to another player's photo", async () => {
    const carol = await signUp(t.app);
    const dave = await signUp(t.app);
    const spot = { latitude: -27.5, longitude: 153.1 };
    const carolsArt = await givePlayerData(carol, spot);
    await givePlayerData(
      dave,
      { latitude: -27.503, longitude: 153.1 },
      { artwork: { id: carolsArt.artworkId, at: spot } },
    );
    const before = await artwork(carolsArt.artworkId);
    const davesPhoto = before.photos.find((p) => p.username === dave.username)!.imageUrl;
    const carolsPhoto = before.photos.find((p) => p.username === carol.username)!.imageUrl;
    // Carol's photo is the cover (as if she had logged it last).
    await t.db
      .update(artworks)
      .set({ coverImageUrl: carolsPhoto })
      .where(eq(artworks.id, carolsArt.artworkId));
    expect((await remove(carol, { username: carol.username, password: PASSWORD })).statusCode).toBe(
      204,
    );
    const after = await artwork(carolsArt.artworkId);
    expect(after.coverImageUrl).toBe(davesPhoto);
    expect(after.coverImageUrl).not.toBe(carolsPhoto);
    expect(after.firstFinder).toBe(DELETED_PLAYER);
  });

  it('clears the photo of a wall the player proposed, keeping the wall', async () => {
    const erin = await signUp(t.app);
    const photo = await uploadPhoto(erin);
    await t.db.insert(legalWalls).values({
      id: `wall-${erin.id}`,
      name: 'Proposed wall',
      description: 'Open wall',
      city: 'Brisbane',
      country: 'Australia',
      address: '2 Lane St',
      hours: 'Any time',
      permitRequired: false,
      latitude: -27.4,
      longitude: 153,
      source: 'player',
      status: 'unverified',
      proposedById: erin.id,
      imageUrl: photo,
    });
    expect((await remove(erin, { username: erin.username, password: PASSWORD })).statusCode).toBe(
      204,
    );
    const [wall] = await t.db
      .select()
      .from(legalWalls)
      .where(eq(legalWalls.id, `wall-${erin.id}`));
    expect(wall).toMatchObject({ imageUrl: null, proposedById: null });
  });
});
