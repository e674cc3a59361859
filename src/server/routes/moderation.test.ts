import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ModerationQueues } from '../../core/schemas/moderation.ts';
import { DELETED_PLAYER } from '../../core/your-data.ts';
import {
  createTestApp,
  NO_LIMIT,
  pinArtwork,
  signUp,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { countRows, forumRequests, storedPost } from '../../../test/forum.ts';
import {
  act,
  acted,
  reportTwice,
  signUpEstablished,
  signUpModerator,
} from '../../../test/moderation.ts';
import { contentReports, moderationActions, wallReports } from '../db/moderation-schema.ts';
import { artworkLogs, legalWalls, users } from '../db/schema.ts';

let t: TestApp;
let mod: Player;
let alice: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  mod = await signUpModerator(t.app, t.db);
  alice = await signUp(t.app);
  [bob, carol] = [await signUpEstablished(t.app, t.db), await signUpEstablished(t.app, t.db)];
});
afterAll(() => t.close());

const { newPost, forum } = forumRequests;
const auditCount = () => countRows(t.db, moderationActions);

async function queues(player: Player = mod): Promise<ModerationQueues> {
  const res = await player.request({ url: '/api/moderation/queues' });
  expect(res.statusCode).toBe(200);
  return res.json<ModerationQueues>();
}

/** A log held by fair play: a find in Brisbane, then one in Sydney a moment later. */
async function flaggedLog(player: Player): Promise<string> {
  await pinArtwork(player, { latitude: -27.47, longitude: 153.02 });
  await pinArtwork(player, { latitude: -33.8688, longitude: 151.2093 });
  const logs = await t.db.select().from(artworkLogs).where(eq(artworkLogs.userId, player.id));
  const held = logs.find((l) => l.reviewStatus === 'pending');
  expect(held).toBeDefined();
  return held!.id;
}

async function tokensOf(player: Player) {
  const [row] = await t.db
    .select({ tokens: users.tokens, discoveries: users.discoveries, firstFinds: users.firstFinds })
    .from(users)
    .where(eq(users.id, player.id));
  return row!;
}

describe('who may moderate', () => {
  it('answers 401 signed out and 403 to players, on every moderation route', async () => {
    const calls = [
      { url: '/api/moderation/queues' },
      { url: '/api/moderation/actions' },
      {
        method: 'POST' as const,
        url: '/api/moderation/actions',
        payload: { action: 'suspend', targetId: bob.id, days: 3, reason: 'x' },
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      const res = await alice.request(call);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only moderators can do this.' });
    }
    expect((await tokensOf(bob)).tokens).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect(row!.suspendedUntil).toBeNull();
  });
});

describe('the report queue, hide and restore', () => {
  it('groups open reports with a preview; restoring shows the post again and logs who and why', async () => {
    const post = await newPost(alice, { content: 'Reported words' });
    await reportTwice([bob, carol], 'forum_post', post.id);
    const group = (await queues()).reports.items.find((g) => g.targetId === post.id);
    expect(group).toMatchObject({
      targetType: 'forum_post',
      count: 2,
      reasons: ['abusive'],
      reports: [
        { reporter: bob.username, reason: 'abusive', established: true },
        { reporter: carol.username, reason: 'abusive', established: true },
      ],
      established: 2,
      preview: { text: 'Reported words', ownerName: alice.username, hidden: true, place: null },
    });

    const entry = await acted(mod, {
      action: 'restore',
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'Harsh but fair criticism',
    });
    expect(entry).toMatchObject({
      actor: mod.username,
      action: 'restore',
      targetType: 'forum_post',
      targetId: post.id,
      targetLabel: 'Post “Reported words”',
      reason: 'Harsh but fair criticism',
      details: { reportsResolved: 2 },
    });
    expect((await storedPost(t.db, post.id)).hiddenAt).toBeNull();
    expect((await forum(bob)).some((p) => p.id === post.id)).toBe(true);
    expect((await queues()).reports.items.some((g) => g.targetId === post.id)).toBe(false);
    const open = await t.db
      .select()
      .from(contentReports)
      .where(eq(contentReports.targetId, post.id));
    expect(open.every((r) => r.resolvedAt !== null)).toBe(true);

    const log = (await mod.request({ url: '/api/moderation/actions' })).json<AuditPage>();
    expect(log.items[0]).toMatchObject({
      id: entry.id,
      actor: mod.username,
      reason: 'Harsh but fair criticism',
    });
  });

  it('keeps hidden content in the queue when its reporters delete their accounts', async () => {
    const post = await newPost(alice, { content: 'Hidden, then its reporters leave' });
    const [dan, erin] = [
      await signUpEstablished(t.app, t.db),
      await signUpEstablished(t.app, t.db),
    ];
    await reportTwice([dan, erin], 'forum_post', post.id);
    for (const reporter of [dan, erin]) {
      const res = await reporter.request({
        method: 'DELETE',
        url: '/api/profile',
        payload: { username: reporter.username, password: 'spray-paint-rules-42' },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    expect((await storedPost(t.db, post.id)).hiddenAt).not.toBeNull();
    expect((await queues()).reports.items.find((g) => g.targetId === post.id)).toMatchObject({
      count: 2,
      reports: [{ reporter: DELETED_PLAYER }, { reporter: DELETED_PLAYER }],
      preview: { hidden: true },
    });
  });

  it('hides content by hand, refuses to hide it twice or restore what is not hidden', async () => {
    const post = await newPost(alice, { content: 'Hide me' });
    const hide = {
      action: 'hide',
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'Doxxing',
    } as const;
    await acted(mod, hide);
    expect((await storedPost(t.db, post.id)).hiddenAt).not.toBeNull();
    const before = await auditCount();
    const twice = await act(mod, hide);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This is already hidden.' });
    const other = await newPost(alice, { content: 'Never reported' });
    const restore = await act(mod, { ...hide, action: 'restore', targetId: other.id });
    expect(restore.statusCode).toBe(409);
    const unknown = await act(mod, { ...hide, targetId: 'no-such-post' });
    expect(unknown.statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('refuses a missing or blank reason, unknown actions and bad fields with 400, changing nothing', async () => {
    const post = await newPost(alice);
    const before = await auditCount();
    const bad: object[] = [
      { action: 'hide', targetType: 'forum_post', targetId: post.id },
      { action: 'hide', targetType: 'forum_post', targetId: post.id, reason: '   ' },
      { action: 'hide', targetType: 'forum_post', targetId: post.id, reason: 'r'.repeat(501) },
      { action: 'hide', targetType: 'tweet', targetId: post.id, reason: 'x' },
      { action: 'hide', targetType: 'forum_post', targetId: 5, reason: 'x' },
      { action: 'ban', targetId: bob.id, reason: 'x' },
      { targetId: bob.id, reason: 'x' },
      { action: 'suspend', targetId: bob.id, reason: 'x' },
      { action: 'suspend', targetId: bob.id, days: 0, reason: 'x' },
      { action: 'suspend', targetId: bob.id, days: 366, reason: 'x' },
      { action: 'suspend', targetId: bob.id, days: 2.5, reason: 'x' },
      { action: 'suspend', targetId: bob.id, days: '7', reason: 'x' },
    ];
    for (const payload of bad) {
      const res = await act(mod, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await auditCount()).toBe(before);
    expect((await storedPost(t.db, post.id)).hiddenAt).toBeNull();
  });
});

describe('suspensions', () => {
  it('suspends for N days and lifts; refuses self, staff, unknown players and lifting twice', async () => {
    const target = await signUp(t.app);
    const entry = await acted(mod, {
      action: 'suspend',
      targetId: target.id,
      days: 7,
      reason: 'Spam',
    });
    expect(entry).toMatchObject({
      targetType: 'user',
      targetLabel: target.username,
      details: { days: 7 },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    const days = (row!.suspendedUntil!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // Suspending oneself is refused and logged: moderation-own-work.test.ts.
    const self = await act(mod, { action: 'suspend', targetId: mod.id, days: 1, reason: 'x' });
    expect(self.statusCode).toBe(403);
    const other = await signUpModerator(t.app, t.db);
    expect(
      (await act(mod, { action: 'suspend', targetId: other.id, days: 1, reason: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await act(mod, { action: 'suspend', targetId: 'nobody', days: 1, reason: 'x' })).statusCode,
    ).toBe(404);

    await acted(mod, { action: 'lift_suspension', targetId: target.id, reason: 'Appeal accepted' });
    const again = await act(mod, { action: 'lift_suspension', targetId: target.id, reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'That player is not suspended.' });
  });
});

describe('walls', () => {
  it('lists unverified and disputed walls with open reports; verify and close resolve them', async () => {
    await t.db.insert(legalWalls).values([
      {
        id: 'w-new',
        name: 'New Wall',
        description: 'd',
        city: 'Brisbane',
        country: 'Australia',
        address: 'a',
        hours: 'h',
        permitRequired: false,
        latitude: -27.4,
        longitude: 153,
        source: 'player',
        status: 'unverified',
        proposedById: alice.id,
      },
      {
        id: 'w-disputed',
        name: 'Disputed Wall',
        description: 'd',
        city: 'Brisbane',
        country: 'Australia',
        address: 'a',
        hours: 'h',
        permitRequired: false,
        latitude: -27.41,
        longitude: 153,
        source: 'fixture',
        status: 'disputed',
      },
    ]);
    await t.db.insert(wallReports).values({
      id: 'wr-1',
      wallId: 'w-disputed',
      userId: bob.id,
      reason: 'closed',
      note: 'Fenced off',
    });
    // A player's proposal and a wall players disputed are players' walls, the newest first.
    const { items: walls } = (await queues()).walls;
    expect(walls.map((w) => w.id)).toEqual(['w-disputed', 'w-new']);
    expect(walls[1]).toMatchObject({
      source: { kind: 'player', label: alice.username },
      reports: [],
    });
    expect(walls[0]!.reports).toEqual([
      expect.objectContaining({ reason: 'closed', note: 'Fenced off', username: bob.username }),
    ]);

    await acted(mod, { action: 'verify_wall', targetId: 'w-new', reason: 'Painted there myself' });
    const closed = await acted(mod, {
      action: 'close_wall',
      targetId: 'w-disputed',
      reason: 'Council confirms',
    });
    expect(closed.details).toMatchObject({ from: 'disputed', to: 'closed', reportsResolved: 1 });
    const stored = await t.db
      .select({ id: legalWalls.id, status: legalWalls.status })
      .from(legalWalls);
    expect(Object.fromEntries(stored.map((w) => [w.id, w.status]))).toEqual({
      'w-new': 'verified',
      'w-disputed': 'closed',
    });
    expect((await queues()).walls.items).toEqual([]);
    const twice = await act(mod, { action: 'close_wall', targetId: 'w-disputed', reason: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(
      (await act(mod, { action: 'verify_wall', targetId: 'nope', reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('fair-play flags', () => {
  it('releases a held log once: pays it, counts it, and refuses a second review', async () => {
    const player = await signUp(t.app);
    const logId = await flaggedLog(player);
    expect(await tokensOf(player)).toEqual({ tokens: 50, discoveries: 1, firstFinds: 1 });
    expect((await queues()).flags.items.find((f) => f.id === logId)).toMatchObject({
      username: player.username,
      flagReason: 'impossible_travel',
    });
    const entry = await acted(mod, {
      action: 'release_log',
      targetId: logId,
      reason: 'Took a plane',
    });
    expect(entry.details).toEqual({ tokens: 50 });
    expect(await tokensOf(player)).toEqual({ tokens: 100, discoveries: 2, firstFinds: 2 });
    const twice = await act(mod, { action: 'release_log', targetId: logId, reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect((await act(mod, { action: 'void_log', targetId: logId, reason: 'x' })).statusCode).toBe(
      409,
    );
    expect(await tokensOf(player)).toEqual({ tokens: 100, discoveries: 2, firstFinds: 2 });
    expect((await queues()).flags.items.some((f) => f.id === logId)).toBe(false);
  });

  it('voids a held log: it pays nothing and stays rejected', async () => {
    const player = await signUp(t.app);
    const logId = await flaggedLog(player);
    await acted(mod, { action: 'void_log', targetId: logId, reason: 'GPS spoofing' });
    const [log] = await t.db.select().from(artworkLogs).where(eq(artworkLogs.id, logId));
    expect(log!.reviewStatus).toBe('rejected');
    expect(await tokensOf(player)).toEqual({ tokens: 50, discoveries: 1, firstFinds: 1 });
    expect(
      (await act(mod, { action: 'release_log', targetId: 'no-such-log', reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it(
    'pays a held log exactly once under 25 simultaneous releases',
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(t.app);
      const logId = await flaggedLog(player);
      const before = await auditCount();
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          act(mod, { action: 'release_log', targetId: logId, reason: 'ok' }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(24);
      expect(await tokensOf(player)).toEqual({ tokens: 100, discoveries: 2, firstFinds: 2 });
      expect(await auditCount()).toBe(before + 1);
    },
  );
});

describe('the audit log', () => {
  it('pages newest first and refuses an unknown cursor', async () => {
    const first = (await mod.request({ url: '/api/moderation/actions' })).json<AuditPage>();
    expect(first.items.length).toBeGreaterThan(3);
    const times = first.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const after = await mod.request({
      url: `/api/moderation/actions?before=${first.items[1]!.id}`,
    });
    expect(after.json<AuditPage>().items[0]!.id).toBe(first.items[2]!.id);
    const bad = await mod.request({ url: '/api/moderation/actions?before=nope' });
    expect(bad.statusCode).toBe(400);
  });
});
