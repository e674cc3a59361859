import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { countRows, forumRequests, insertPost, storedPost } from '../../../test/forum.ts';
import type { ForumPost } from '../../core/schemas/community.ts';
import { events, forumPosts } from '../db/community-schema.ts';

const DAY = 86_400_000;
const daysFromNow = (d: number) => new Date(Date.now() + d * DAY);

let t: TestApp;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    // The concurrency tests sign up 30 players from one address.
    limits: { signUpPerIp: NO_LIMIT },
  });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const { post, forum, replies, newPost } = forumRequests;
const postCount = () => countRows(t.db, forumPosts);
const stored = (id: string) => storedPost(t.db, id);
const seedPost = (values: Partial<typeof forumPosts.$inferInsert> & { id: string }) =>
  insertPost(t.db, values);

describe('signed-in only', () => {
  it.each([
    ['GET', '/api/community/events'],
    ['GET', '/api/community/forum'],
    ['GET', '/api/community/forum/some-post/replies'],
    ['POST', '/api/community/forum'],
    ['POST', '/api/community/forum/some-post/like'],
    ['DELETE', '/api/community/forum/some-post/like'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('writes nothing for an anonymous post', async () => {
    const before = await postCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/community/forum',
      payload: { content: 'hello' },
    });
    expect(res.statusCode).toBe(401);
    expect(await postCount()).toBe(before);
  });
});

describe('GET /api/community/events', () => {
  beforeAll(async () => {
    const row = (id: string, status: 'active' | 'upcoming' | 'ended', endDate: Date | null) => ({
      id,
      title: `Event ${id}`,
      description: `About ${id}`,
      status,
      endDate,
      rewardTokens: null,
      rewardNft: null,
      source: 'test',
    });
    await t.db.insert(events).values([
      row('ended-long-ago', 'ended', daysFromNow(-30)),
      row('active-late', 'active', daysFromNow(20)),
      { ...row('active-soon', 'active', daysFromNow(2)), rewardTokens: 500 },
      row('active-open', 'active', null),
      { ...row('upcoming', 'upcoming', daysFromNow(40)), rewardNft: 'Golden Can' },
      // Stored as active but past its end date: shown as ended.
      row('lapsed', 'active', daysFromNow(-1)),
      row('ended-open', 'ended', null),
    ]);
  });

  it('lists active, then upcoming, then ended events, each by end date (open-ended last)', async () => {
    const res = await alice.request({ url: '/api/community/events' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; status: string }[]>();
    expect(list.map((e) => [e.id, e.status])).toEqual([
      ['active-soon', 'active'],
      ['active-late', 'active'],
      ['active-open', 'active'],
      ['upcoming', 'upcoming'],
      ['ended-long-ago', 'ended'],
      ['lapsed', 'ended'],
      ['ended-open', 'ended'],
    ]);
  });

  it('returns exactly the SPEC fields with ISO dates', async () => {
    const list = (await alice.request({ url: '/api/community/events' })).json<object[]>();
    const [soon] = await t.db.select().from(events).where(eq(events.id, 'active-soon'));
    expect(list[0]).toEqual({
      id: 'active-soon',
      title: 'Event active-soon',
      description: 'About active-soon',
      status: 'active',
      endDate: soon!.endDate!.toISOString(),
      rewardTokens: 500,
      rewardNft: null,
    });
    expect(list[3]).toMatchObject({ rewardNft: 'Golden Can', rewardTokens: null });
    expect(list[2]).toMatchObject({ endDate: null });
  });
});

describe('forum posts', () => {
  let seededId: string;
  let anonymousId: string;

  beforeAll(async () => {
    seededId = await seedPost({
      id: 'seed-welcome',
      authorName: 'CrewChief',
      title: 'Welcome',
      source: 'test',
      createdAt: daysFromNow(-2),
    });
    anonymousId = await seedPost({ id: 'seed-anonymous', createdAt: daysFromNow(-3) });
  });

  it('creates a post with 201, trimmed, by the player', async () => {
    const res = await post(alice, { title: '  Best walls in Brisbane?  ', content: '  Go!  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json<ForumPost>();
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Best walls in Brisbane?',
      content: 'Go!',
      createdAt: expect.any(String),
      likes: 0,
      replies: 0,
      likedByMe: false,
      parentId: null,
      user: { id: alice.id, username: alice.username },
      hidden: false,
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    const row = await stored(created.id);
    expect(row.userId).toBe(alice.id);
    expect(row.authorName).toBeNull();
  });

  it('stores an empty or missing title as no title', async () => {
    expect((await newPost(alice, { title: '   ', content: 'untitled' })).title).toBeNull();
    expect((await newPost(alice, { content: 'untitled too' })).title).toBeNull();
  });

  it('lists top-level posts newest first with author, counters and likedByMe', async () => {
    const mine = await newPost(bob, { content: 'newest' });
    const list = await forum(alice);
    expect(list[0]).toEqual({ ...mine, user: { id: bob.id, username: bob.username } });
    const created = list.map((p) => p.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(list.find((p) => p.id === seededId)).toEqual({
      id: seededId,
      title: 'Welcome',
      content: `content of ${seededId}`,
      createdAt: expect.any(String),
      likes: 0,
      replies: 0,
      likedByMe: false,
      parentId: null,
      user: { id: null, username: 'CrewChief' },
      hidden: false,
    });
    expect(list.find((p) => p.id === anonymousId)?.user).toBeNull();
    expect(list.every((p) => p.parentId === null)).toBe(true);
  });

  it.each([
    ['empty content', { content: '' }, 'content'],
    ['blank content', { content: '   ' }, 'content'],
    ['missing content', { title: 'Only a title' }, 'content'],
    ['content of 4001 characters', { content: 'x'.repeat(4001) }, 'content'],
    ['title of 121 characters', { title: 't'.repeat(121), content: 'ok' }, 'title'],
    ['a bad parentId', { content: 'ok', parentId: 'no spaces allowed!' }, 'parentId'],
    ['a non-string content', { content: 42 }, 'content'],
  ])('refuses %s with a 400 naming the field and writes nothing', async (_name, body, field) => {
    const before = await postCount();
    const res = await post(alice, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`'${field}'`);
    expect(await postCount()).toBe(before);
  });

  it('accepts content of exactly 4000 characters and a title of 120', async () => {
    const created = await newPost(alice, { title: 't'.repeat(120), content: 'x'.repeat(4000) });
    expect(created.content).toHaveLength(4000);
    expect(created.title).toHaveLength(120);
  });

  it('pages with ?before=<last id>, each post once, in order', async () => {
    const base = new Date('2020-01-01T00:00:00Z').getTime();
    await t.db.insert(forumPosts).values(
      Array.from({ length: 60 }, (_, i) => ({
        id: `old-${String(i).padStart(2, '0')}`,
        authorName: 'Archivist',
        content: `old post ${i}`,
        // Pairs share a timestamp, so the id tie-break is exercised.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const total = (
      await t.db
        .select({ n: count() })
        .from(forumPosts)
        .where(eq(forumPosts.authorName, 'Archivist'))
    )[0]!.n;
    const seen: ForumPost[] = [];
    let page = await forum(alice);
    expect(page).toHaveLength(50);
    while (page.length > 0) {
      seen.push(...page);
      page = await forum(alice, `?before=${page[page.length - 1]!.id}`);
    }
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    expect(seen.filter((p) => p.user?.username === 'Archivist')).toHaveLength(total);
    const keys = seen.map((p) => `${p.createdAt}|${p.id}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(seen.at(-1)!.id).toBe('old-00');
  });

  it('refuses a malformed or unknown ?before cursor with 400', async () => {
    for (const before of ['bad%20cursor', 'no-such-post']) {
      const res = await alice.request({ url: `/api/community/forum?before=${before}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("'before'");
    }
  });
});

describe('replies', () => {
  it('counts a reply on its parent and lists replies oldest first', async () => {
    const parent = await newPost(alice, { content: 'Who painted the silo?' });
    const first = await newPost(bob, {
      content: 'I think it was a crew from Melbourne',
      parentId: parent.id,
    });
    expect(first).toMatchObject({
      parentId: parent.id,
      user: { username: bob.username },
      replies: 0,
    });
    const second = await newPost(alice, { content: 'Thanks!', parentId: parent.id });
    expect((await stored(parent.id)).replies).toBe(2);

    const list = await replies(bob, parent.id);
    expect(list.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(list[0]).toEqual({ ...first, likedByMe: false });

    const top = await forum(alice);
    expect(top.find((p) => p.id === parent.id)?.replies).toBe(2);
    expect(top.some((p) => p.id === first.id)).toBe(false);
  });

  it('answers an empty list for a post without replies', async () => {
    const lonely = await newPost(alice, { content: 'Anyone?' });
    expect(await replies(alice, lonely.id)).toEqual([]);
  });

  it('refuses a reply to a reply with 400 (one level deep), changing nothing', async () => {
    const parent = await newPost(alice, { content: 'Thread' });
    const reply = await newPost(bob, { content: 'Reply', parentId: parent.id });
    const before = await postCount();
    const res = await post(alice, { content: 'Nested', parentId: reply.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'parentId'");
    expect(await postCount()).toBe(before);
    expect((await stored(parent.id)).replies).toBe(1);
    expect((await stored(reply.id)).replies).toBe(0);
  });

  it('answers 404 for a reply to an unknown post, changing nothing', async () => {
    const before = await postCount();
    const res = await post(alice, { content: 'Hello?', parentId: 'no-such-post' });
    expect(res.statusCode).toBe(404);
    expect(await postCount()).toBe(before);
  });

  it('answers 404 for the replies of an unknown post and 400 for a malformed id', async () => {
    const missing = await alice.request({ url: '/api/community/forum/no-such-post/replies' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Post not found' });
    const bad = await alice.request({ url: '/api/community/forum/a!b/replies' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'id'");
  });

  it('pages replies with ?after=<last id>', async () => {
    const parent = await newPost(alice, { content: 'Long thread' });
    const base = Date.now() - DAY;
    await t.db.insert(forumPosts).values(
      Array.from({ length: 105 }, (_, i) => ({
        id: `reply-${String(i).padStart(3, '0')}`,
        parentId: parent.id,
        authorName: 'Chatter',
        content: `reply ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = await replies(alice, parent.id);
    expect(first).toHaveLength(100);
    expect(first[0]!.id).toBe('reply-000');
    const res = await alice.request({
      url: `/api/community/forum/${parent.id}/replies?after=${first[99]!.id}`,
    });
    expect(res.json<ForumPost[]>().map((p) => p.id)).toEqual([
      'reply-100',
      'reply-101',
      'reply-102',
      'reply-103',
      'reply-104',
    ]);
  });
});

describe('write rate limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      seed: false,
      limits: { writesPerUser: { limit: 2, windowSeconds: 60 } },
    });
  });
  afterAll(() => small.close());

  it('answers 429 past the per-player write limit and stores nothing more', async () => {
    const carol = await signUp(small.app);
    const write = () =>
      carol.request({ method: 'POST', url: '/api/community/forum', payload: { content: 'hi' } });
    expect((await write()).statusCode).toBe(201);
    expect((await write()).statusCode).toBe(201);
    const refused = await write();
    expect(refused.statusCode).toBe(429);
    expect((await small.db.select({ n: count() }).from(forumPosts))[0]!.n).toBe(2);
    // Likes are writes too.
    const [first] = await small.db.select().from(forumPosts).limit(1);
    expect(
      (await carol.request({ method: 'POST', url: `/api/community/forum/${first!.id}/like` }))
        .statusCode,
    ).toBe(429);
  });
});
