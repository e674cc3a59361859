import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueues } from '../../core/schemas/moderation.ts';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { forumRequests } from '../../../test/forum.ts';
import { acted, report, signUpEstablished, signUpModerator } from '../../../test/moderation.ts';
import { insertWall } from '../../../test/walls.ts';
import { grantRole } from '../admin/roles.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { artworks, legalWalls, users } from '../db/schema.ts';

/**
 * Reports weighted by trust (docs/decisions/026): only reports from established players hide
 * content, never content of staff, and content staff restored comes back hidden only through new
 * established reports.
 */

let t: TestApp;
let mod: Player;
let author: Player;
let viewer: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  mod = await signUpModerator(t.app, t.db);
  [author, viewer] = [await signUp(t.app), await signUp(t.app)];
});
afterAll(() => t.close());

const { newPost, forum } = forumRequests;
const fresh = (n: number) => Promise.all(Array.from({ length: n }, () => signUp(t.app)));
const established = (n: number) =>
  Promise.all(Array.from({ length: n }, () => signUpEstablished(t.app, t.db)));

/** Each reporter reports the target; the `hidden` each answer gave. */
async function reportAll(reporters: Player[], targetType: string, targetId: string) {
  const hidden: boolean[] = [];
  for (const reporter of reporters) {
    const res = await report(reporter, { targetType, targetId, reason: 'abusive' });
    expect(res.statusCode, res.body).toBe(201);
    hidden.push(res.json<{ hidden: boolean }>().hidden);
  }
  return hidden;
}

async function queueGroup(targetId: string) {
  const res = await mod.request({ url: '/api/moderation/queues' });
  return res.json<ModerationQueues>().reports.items.find((g) => g.targetId === targetId);
}

/** Whether another player sees the post (its author still does while it is hidden). */
const shownInForum = async (postId: string) => (await forum(viewer)).some((p) => p.id === postId);

describe('reports from new accounts', () => {
  it('are kept and queued but hide nothing: a council artwork, a verified wall, a post', async () => {
    await t.db.insert(artworks).values({
      id: 'council-mural',
      title: 'Council mural',
      emojiPin: 'location',
      latitude: -35.28,
      longitude: 149.13,
    });
    const wallId = await insertWall(t.db, { latitude: -35.29, longitude: 149.13 });
    const post = await newPost(author, { content: 'Harmless words' });
    const newcomers = await fresh(3);
    for (const [type, id] of [
      ['artwork', 'council-mural'],
      ['wall', wallId],
      ['forum_post', post.id],
    ] as const) {
      expect(await reportAll(newcomers, type, id), type).toEqual([false, false, false]);
      expect(await queueGroup(id), type).toMatchObject({
        count: 3,
        established: 0,
        preview: { hidden: false },
      });
    }
    expect((await viewer.request({ url: '/api/artworks/council-mural' })).statusCode).toBe(200);
    const [wall] = await t.db.select().from(legalWalls).where(eq(legalWalls.id, wallId));
    expect(wall).toMatchObject({ hiddenAt: null, status: 'verified' });
    expect(await shownInForum(post.id)).toBe(true);
    const rows = await t.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.targetId, post.id));
    expect(rows.map((r) => r.fromEstablished)).toEqual([false, false, false]);
  });

  it('do not make up the numbers: one established and many new reports hide nothing', async () => {
    const post = await newPost(author, { content: 'Contested words' });
    const [first, second] = await established(2);
    expect(await reportAll([first!, ...(await fresh(4))], 'forum_post', post.id)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(await shownInForum(post.id)).toBe(true);
    expect(await reportAll([second!], 'forum_post', post.id)).toEqual([true]);
    expect(await shownInForum(post.id)).toBe(false);
    expect(await queueGroup(post.id)).toMatchObject({
      count: 6,
      established: 2,
      preview: { hidden: true },
    });
  });
});

describe('content of staff', () => {
  it('is never hidden by players’ reports; the reports wait for another moderator', async () => {
    const admin = await signUp(t.app);
    await grantRole(t.db, { username: admin.username, role: 'admin', reason: 'test staff' });
    const post = await newPost(mod, { content: 'House rules, from a moderator' });
    const reporters = await established(3);
    expect(await reportAll(reporters, 'forum_post', post.id)).toEqual([false, false, false]);
    expect(await reportAll(reporters, 'profile', admin.id)).toEqual([false, false, false]);

    expect(await shownInForum(post.id)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.profileHiddenAt).toBeNull();
    for (const id of [post.id, admin.id]) {
      expect(await queueGroup(id)).toMatchObject({
        count: 3,
        established: 3,
        preview: { hidden: false },
      });
    }
  });
});

describe('content staff restored', () => {
  it('is not hidden again by its old reporters or new accounts, only by new established reports', async () => {
    const post = await newPost(author, { content: 'Restored by a moderator' });
    const before = await established(2);
    expect(await reportAll(before, 'forum_post', post.id)).toEqual([false, true]);
    await acted(mod, {
      action: 'restore',
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'Not abusive',
    });
    expect(await shownInForum(post.id)).toBe(true);

    for (const reporter of before) {
      const again = await report(reporter, {
        targetType: 'forum_post',
        targetId: post.id,
        reason: 'spam',
      });
      expect(again.statusCode).toBe(409);
    }
    expect(await reportAll(await fresh(3), 'forum_post', post.id)).toEqual([false, false, false]);
    expect(await shownInForum(post.id)).toBe(true);

    const after = await established(2);
    expect(await reportAll(after, 'forum_post', post.id)).toEqual([false, true]);
    expect(await shownInForum(post.id)).toBe(false);
    expect(await queueGroup(post.id)).toMatchObject({ count: 5, established: 2 });
  });
});

describe('at once', () => {
  it(
    '25 new and 25 established players reporting at once: hidden once, by the second established report',
    { tags: ['concurrency'] },
    async () => {
      const post = await newPost(author, { content: 'Reported by a crowd' });
      const [newcomers, regulars] = await Promise.all([fresh(25), established(25)]);
      const players = [...newcomers, ...regulars];
      const answers = await Promise.all(
        players.map((p) =>
          report(p, { targetType: 'forum_post', targetId: post.id, reason: 'abusive' }),
        ),
      );
      const taken = players.filter((_, i) => answers[i]!.statusCode === 201);
      const hid = players.filter(
        (_, i) => answers[i]!.statusCode === 201 && answers[i]!.json().hidden,
      );
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 404)).toBe(true);
      expect(hid).toHaveLength(1);
      expect(regulars).toContain(hid[0]);
      expect(taken.filter((p) => regulars.includes(p))).toHaveLength(2);
      expect(await shownInForum(post.id)).toBe(false);
      const rows = await t.db
        .select()
        .from(contentReports)
        .where(eq(contentReports.targetId, post.id));
      expect(rows.map((r) => r.reporterId).sort()).toEqual(taken.map((p) => p.id).sort());
    },
  );
});
