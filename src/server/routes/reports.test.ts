import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { countRows, forumRequests, storedPost } from '../../../test/forum.ts';
import { report, reportTwice, signUpEstablished } from '../../../test/moderation.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { users } from '../db/schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  alice = await signUp(t.app);
  [bob, carol] = [await signUpEstablished(t.app, t.db), await signUpEstablished(t.app, t.db)];
});
afterAll(() => t.close());

const { newPost, forum } = forumRequests;
const reportCount = () => countRows(t.db, contentReports);

describe('POST /api/reports', () => {
  it('takes one report, then hides the post at the second established player’s report', async () => {
    const post = await newPost(alice, { content: 'Buy cheap spray cans at spam.example' });
    const first = await report(bob, {
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'spam',
      note: '  advert  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ hidden: false });
    expect((await storedPost(t.db, post.id)).hiddenAt).toBeNull();
    const [row] = await t.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.id, first.json().id));
    expect(row).toMatchObject({
      reporterId: bob.id,
      reason: 'spam',
      note: 'advert',
      fromEstablished: true,
    });

    const second = await report(carol, {
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'abusive',
    });
    expect(second.json()).toMatchObject({ hidden: true });
    expect((await storedPost(t.db, post.id)).hiddenAt).not.toBeNull();
    expect((await forum(bob)).some((p) => p.id === post.id)).toBe(false);
  });

  it('refuses the same player reporting the same thing twice with 409, keeping one row', async () => {
    const post = await newPost(alice);
    expect(
      (await report(bob, { targetType: 'forum_post', targetId: post.id, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    const again = await report(bob, {
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'other',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already reported this. A moderator will look at it.',
    });
    const rows = await t.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.reporterId, bob.id), eq(contentReports.targetId, post.id)));
    expect(rows).toHaveLength(1);
  });

  it('refuses reporting your own content (400) and unknown or hidden content (404)', async () => {
    const post = await newPost(alice);
    const before = await reportCount();
    const own = await report(alice, {
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'spam',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot report your own post.' });
    const self = await report(alice, { targetType: 'profile', targetId: alice.id, reason: 'spam' });
    expect(self.json()).toEqual({ message: 'You cannot report your own player.' });
    for (const targetType of [
      'discovery',
      'artwork',
      'artwork_log',
      'forum_post',
      'wall',
      'profile',
      'gallery_art',
    ]) {
      const missing = await report(bob, { targetType, targetId: 'no-such-thing', reason: 'spam' });
      expect(missing.statusCode, targetType).toBe(404);
    }
    const hidden = await newPost(alice);
    await reportTwice([bob, carol], 'forum_post', hidden.id);
    const late = await signUp(t.app);
    const afterHidden = await report(late, {
      targetType: 'forum_post',
      targetId: hidden.id,
      reason: 'spam',
    });
    expect(afterHidden.statusCode).toBe(404);
    expect(await reportCount()).toBe(before + 2);
  });

  it('refuses bad input with 400 naming the field, and signed-out callers with 401', async () => {
    const post = await newPost(alice);
    const before = await reportCount();
    const bad: [object, string][] = [
      [{ targetId: post.id, reason: 'spam' }, 'targetType'],
      [{ targetType: 'tweet', targetId: post.id, reason: 'spam' }, 'targetType'],
      [{ targetType: 'forum_post', reason: 'spam' }, 'targetId'],
      [{ targetType: 'forum_post', targetId: 42, reason: 'spam' }, 'targetId'],
      [{ targetType: 'forum_post', targetId: 'x'.repeat(101), reason: 'spam' }, 'targetId'],
      [{ targetType: 'forum_post', targetId: post.id }, 'reason'],
      [{ targetType: 'forum_post', targetId: post.id, reason: 'ugly' }, 'reason'],
      [
        { targetType: 'forum_post', targetId: post.id, reason: 'spam', note: 'n'.repeat(501) },
        'note',
      ],
      [{ targetType: 'forum_post', targetId: post.id, reason: 'spam', note: 7 }, 'note'],
    ];
    for (const [payload, field] of bad) {
      const res = await report(bob, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'forum_post', targetId: post.id, reason: 'spam' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await reportCount()).toBe(before);
  });

  it('hides a profile: its name shows as Hidden player on posts and the leaderboard', async () => {
    const troll = await signUp(t.app);
    const post = await newPost(troll, { content: 'hello' });
    await reportTwice([bob, carol], 'profile', troll.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, troll.id));
    expect(row!.profileHiddenAt).not.toBeNull();
    const seen = (await forum(alice)).find((p) => p.id === post.id);
    expect(seen?.user).toEqual({ id: troll.id, username: 'Hidden player' });
    const board = await alice.request({ url: '/api/leaderboard' });
    expect(
      board.json<{ id: string; username: string }[]>().find((e) => e.id === troll.id)?.username,
    ).toBe('Hidden player');
    expect(JSON.stringify(board.json())).not.toContain(troll.username);
  });

  it(
    'hides a post once and keeps one row per reporter under 50 simultaneous established reports',
    { tags: ['concurrency'] },
    async () => {
      const post = await newPost(alice, { content: 'Contested' });
      const players = await Promise.all(
        Array.from({ length: 50 }, () => signUpEstablished(t.app, t.db)),
      );
      const answers = await Promise.all(
        players.map((p) =>
          report(p, { targetType: 'forum_post', targetId: post.id, reason: 'abusive' }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      // The first two are taken; once hidden, the post is not there for the others.
      expect(codes.filter((c) => c === 201)).toHaveLength(2);
      expect(codes.filter((c) => c === 404)).toHaveLength(48);
      expect(answers.filter((a) => a.statusCode === 201 && a.json().hidden)).toHaveLength(1);
      const rows = await t.db
        .select()
        .from(contentReports)
        .where(eq(contentReports.targetId, post.id));
      expect(new Set(rows.map((r) => r.reporterId)).size).toBe(rows.length);
      expect(rows).toHaveLength(2);
    },
  );

  it(
    'one player sending the same report 20 times at once makes one row',
    { tags: ['concurrency'] },
    async () => {
      const post = await newPost(alice, { content: 'Twenty times' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          report(bob, { targetType: 'forum_post', targetId: post.id, reason: 'spam' }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    },
  );
});
