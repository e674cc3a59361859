import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ModerationQueues } from '../../core/schemas/moderation.ts';
import { createTestApp, signUp, UNLIMITED, type Player, type TestApp } from '../../../test/app.ts';
import { countRows, forumRequests, storedPost } from '../../../test/forum.ts';
import {
  act,
  acted,
  report,
  reportTwice,
  signUpEstablished,
  signUpModerator,
} from '../../../test/moderation.ts';
import { insertWall } from '../../../test/walls.ts';
import { contentReports, moderationActions } from '../db/moderation-schema.ts';
import { legalWalls } from '../db/schema.ts';

/**
 * "Keep hidden and close" (docs/decisions/046): content players' reports hid stays hidden, its
 * reports close, on the record; and a decision from a card is taken once, however many
 * moderators press at once.
 */

let t: TestApp;
let mod: Player;
let alice: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  t = await createTestApp({ seed: false, limits: UNLIMITED });
  mod = await signUpModerator(t.app, t.db);
  alice = await signUp(t.app);
  [bob, carol] = [await signUpEstablished(t.app, t.db), await signUpEstablished(t.app, t.db)];
});
afterAll(() => t.close());

const { newPost, forum } = forumRequests;
const auditCount = () => countRows(t.db, moderationActions);
const openReports = async (targetId: string) =>
  (
    await t.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.targetId, targetId), isNull(contentReports.resolvedAt)))
  ).length;

async function queuedGroup(targetId: string) {
  const res = await mod.request({ url: '/api/moderation/queues' });
  return res.json<ModerationQueues>().reports.items.find((g) => g.targetId === targetId);
}

/** A post of Alice's that two established players' reports hid. */
async function hiddenPost(content = 'Hidden by reports'): Promise<string> {
  const post = await newPost(alice, { content });
  await reportTwice([bob, carol], 'forum_post', post.id);
  expect((await storedPost(t.db, post.id)).hiddenAt).not.toBeNull();
  return post.id;
}

const keep = (targetId: string, more: object = {}) => ({
  action: 'keep_hidden' as const,
  targetType: 'forum_post' as const,
  targetId,
  reason: 'Slurs',
  ...more,
});

describe('keep hidden and close', () => {
  it('keeps the content hidden, closes its reports on the record and takes it off the queue', async () => {
    const postId = await hiddenPost('You all paint like toddlers');
    expect((await queuedGroup(postId))?.history).toMatchObject({ decisionCount: 0 });

    const entry = await acted(mod, keep(postId, { decisionsSeen: 0 }));
    expect(entry).toMatchObject({
      actor: mod.username,
      action: 'keep_hidden',
      targetType: 'forum_post',
      targetId: postId,
      targetLabel: 'Post “You all paint like toddlers”',
      reason: 'Slurs',
      details: { reportsResolved: 2 },
    });
    expect((await storedPost(t.db, postId)).hiddenAt).not.toBeNull();
    expect(await openReports(postId)).toBe(0);
    expect(await queuedGroup(postId)).toBeUndefined();
    expect((await forum(bob)).some((p) => p.id === postId)).toBe(false);
    const log = (await mod.request({ url: '/api/moderation/actions' })).json<AuditPage>();
    expect(log.items[0]).toMatchObject({ id: entry.id, action: 'keep_hidden' });

    // Closed: a second time changes nothing; a later restore still can.
    const before = await auditCount();
    const twice = await act(mod, keep(postId));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Its reports are already closed.' });
    expect(await auditCount()).toBe(before);
    await acted(mod, {
      action: 'restore',
      targetType: 'forum_post',
      targetId: postId,
      reason: 'Appeal',
    });
    expect((await forum(bob)).some((p) => p.id === postId)).toBe(true);
  });

  it('refuses bad input, players, what is not hidden and stale or replayed decisions, changing nothing', async () => {
    const postId = await hiddenPost();
    const shown = await newPost(alice, { content: 'Reported by one new account' });
    await report(await signUp(t.app), {
      targetType: 'forum_post',
      targetId: shown.id,
      reason: 'spam',
    });
    const before = await auditCount();
    const bad: object[] = [
      { action: 'keep_hidden', targetType: 'forum_post', targetId: postId },
      keep(postId, { reason: '  ' }),
      keep(postId, { reason: 'r'.repeat(501) }),
      keep(postId, { targetType: undefined }),
      keep(postId, { targetType: 'tweet' }),
      keep(postId, { targetId: undefined }),
      keep(postId, { targetId: 'x'.repeat(101) }),
      keep(postId, { targetId: 7 }),
      keep(postId, { decisionsSeen: -1 }),
      keep(postId, { decisionsSeen: 1.5 }),
      keep(postId, { decisionsSeen: '0' }),
      keep(postId, { action: 'keep-hidden' }),
    ];
    for (const payload of bad) {
      expect((await act(mod, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/moderation/actions',
          payload: keep(postId),
        })
      ).statusCode,
    ).toBe(401);
    expect((await act(bob, keep(postId))).statusCode).toBe(403);
    expect((await act(mod, keep('no-such-post'))).statusCode).toBe(404);
    const visible = await act(mod, keep(shown.id));
    expect(visible.statusCode).toBe(409);
    expect(visible.json()).toEqual({
      message: 'This is not hidden: hide it or dismiss its reports.',
    });
    // A card that counted other decisions than the item has is out of date: refused.
    const stale = await act(mod, keep(postId, { decisionsSeen: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'Another moderator has decided on this since you opened it.',
    });
    expect(await auditCount()).toBe(before);
    expect((await storedPost(t.db, postId)).hiddenAt).not.toBeNull();
    expect(await openReports(postId)).toBe(2);
    expect(await openReports(shown.id)).toBe(1);

    // Sent again with its Idempotency-Key, the decision is answered again, not taken again.
    const headers = { 'idempotency-key': `keep-${postId}` };
    const send = () =>
      mod.request({
        method: 'POST',
        url: '/api/moderation/actions',
        payload: keep(postId),
        headers,
      });
    const [first, replay] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await auditCount()).toBe(before + 1);
  });
});

/**
 * 50 decisions on one target sent at once, each from a card that showed no decision yet: one is
 * taken, with one audit row, the 49 others refused (409). Resolves with the action taken.
 */
async function decidedOnce(targetId: string, decision: (i: number) => object) {
  const before = await auditCount();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => act(mod, { ...decision(i), decisionsSeen: 0 })),
  );
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
  expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
  expect(await auditCount()).toBe(before + 1);
  const [row] = await t.db
    .select()
    .from(moderationActions)
    .where(eq(moderationActions.targetId, targetId));
  return row!.action;
}

describe('one decision from many moderators at once', () => {
  it(
    'decides once under 50 simultaneous “keep hidden and close” and “restore” of one item',
    { tags: ['concurrency'] },
    async () => {
      const postId = await hiddenPost('Decided once');
      const action = await decidedOnce(postId, (i) =>
        keep(postId, { action: i % 2 ? 'restore' : 'keep_hidden' }),
      );
      const hidden = (await storedPost(t.db, postId)).hiddenAt !== null;
      expect(hidden).toBe(action === 'keep_hidden');
      expect(await openReports(postId)).toBe(0);
    },
  );

  it(
    'decides a wall once under 50 simultaneous verifies and closes from its card',
    { tags: ['concurrency'] },
    async () => {
      const wallId = await insertWall(
        t.db,
        { latitude: -27.4, longitude: 153 },
        { status: 'unverified' },
      );
      const action = await decidedOnce(wallId, (i) => ({
        action: i % 2 ? 'close_wall' : 'verify_wall',
        targetId: wallId,
        reason: 'Seen it',
      }));
      const [wall] = await t.db.select().from(legalWalls).where(eq(legalWalls.id, wallId));
      expect(wall!.status).toBe(action === 'verify_wall' ? 'verified' : 'closed');
    },
  );
});
