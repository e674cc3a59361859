import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { countRows, forumRequests, insertPost, storedPost } from '../../../test/forum.ts';
import { forumLikes } from '../db/community-schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    // The concurrency tests sign up 50 players from one address and like 50 times at once.
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const { post, like, forum, replies, newPost } = forumRequests;
const likeCount = () => countRows(t.db, forumLikes);
const stored = (id: string) => storedPost(t.db, id);

describe('likes', () => {
  it('likes once per player, idempotently, and reports likedByMe per viewer', async () => {
    const target = await newPost(bob, { content: 'Like me' });
    const first = await like(alice, target.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ likes: 1, likedByMe: true });
    expect((await like(alice, target.id)).json()).toEqual({ likes: 1, likedByMe: true });
    expect((await stored(target.id)).likes).toBe(1);

    expect((await forum(alice)).find((p) => p.id === target.id)).toMatchObject({
      likes: 1,
      likedByMe: true,
    });
    expect((await forum(bob)).find((p) => p.id === target.id)).toMatchObject({
      likes: 1,
      likedByMe: false,
    });
  });

  it('unlikes idempotently and never lets a non-liker move the counter', async () => {
    const target = await newPost(bob, { content: 'Unlike me' });
    await like(alice, target.id);
    const notLiked = await like(bob, target.id, 'DELETE');
    expect(notLiked.statusCode).toBe(200);
    expect(notLiked.json()).toEqual({ likes: 1, likedByMe: false });
    expect((await like(alice, target.id, 'DELETE')).json()).toEqual({ likes: 0, likedByMe: false });
    expect((await like(alice, target.id, 'DELETE')).json()).toEqual({ likes: 0, likedByMe: false });
    expect((await stored(target.id)).likes).toBe(0);
  });

  it('likes replies and seeded posts too', async () => {
    await insertPost(t.db, { id: 'seed-welcome', authorName: 'StreetScope Team' });
    expect((await like(alice, 'seed-welcome')).json()).toEqual({ likes: 1, likedByMe: true });
    const parent = await newPost(alice, { content: 'p' });
    const reply = await newPost(bob, { content: 'r', parentId: parent.id });
    expect((await like(alice, reply.id)).json()).toEqual({ likes: 1, likedByMe: true });
    expect((await replies(alice, parent.id))[0]).toMatchObject({ likes: 1, likedByMe: true });
  });

  it('answers 404 for an unknown post and 400 for a malformed id, writing nothing', async () => {
    const before = await likeCount();
    for (const method of ['POST', 'DELETE'] as const) {
      const missing = await like(alice, 'no-such-post', method);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Post not found' });
      const bad = await like(alice, 'x', method);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("'id'");
    }
    expect(await likeCount()).toBe(before);
  });

  it('counts 50 concurrent likes by 50 players as 50', { tags: ['concurrency'] }, async () => {
    const target = await newPost(alice, { content: 'Popular' });
    const players = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const results = await Promise.all(players.map((p) => like(p, target.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(Math.max(...results.map((r) => r.json<{ likes: number }>().likes))).toBe(50);
    expect((await stored(target.id)).likes).toBe(50);
    const rows = await t.db.select().from(forumLikes).where(eq(forumLikes.postId, target.id));
    expect(rows).toHaveLength(50);

    // And 50 concurrent unlikes bring it back to 0.
    await Promise.all(players.map((p) => like(p, target.id, 'DELETE')));
    expect((await stored(target.id)).likes).toBe(0);
  });

  it('counts 50 concurrent likes by one player as 1', { tags: ['concurrency'] }, async () => {
    const target = await newPost(alice, { content: 'Spam-proof' });
    const results = await Promise.all(Array.from({ length: 50 }, () => like(bob, target.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(results.every((r) => r.json().likedByMe === true)).toBe(true);
    expect((await stored(target.id)).likes).toBe(1);
    const rows = await t.db.select().from(forumLikes).where(eq(forumLikes.postId, target.id));
    expect(rows).toHaveLength(1);
  });

  it(
    'keeps the counter equal to the like rows under concurrent like/unlike toggling',
    { tags: ['concurrency'] },
    async () => {
      const target = await newPost(alice, { content: 'Toggle' });
      const players = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
      await Promise.all(
        players.flatMap((p) => [
          like(p, target.id),
          like(p, target.id, 'DELETE'),
          like(p, target.id),
        ]),
      );
      const rows = await t.db.select().from(forumLikes).where(eq(forumLikes.postId, target.id));
      expect((await stored(target.id)).likes).toBe(rows.length);
    },
  );

  it('counts concurrent replies exactly', { tags: ['concurrency'] }, async () => {
    const parent = await newPost(alice, { content: 'Busy thread' });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i % 2 ? alice : bob, { content: `reply ${i}`, parentId: parent.id }),
      ),
    );
    expect((await stored(parent.id)).replies).toBe(10);
    expect(await replies(alice, parent.id)).toHaveLength(10);
  });
});
