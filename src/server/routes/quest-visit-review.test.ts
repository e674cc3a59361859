import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player, type Spot } from '../../../test/app.ts';
import { act, acted, signUpModerator } from '../../../test/moderation.ts';
import { answer, photoTakenAt } from '../../../test/quests.ts';
import { insertWall } from '../../../test/walls.ts';
import type { InboxPage } from '../../core/schemas/inbox.ts';
import type { FlagPage, ModerationQueues } from '../../core/schemas/moderation.ts';
import type { QuestAnswer } from '../../core/schemas/quests.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { grantRole } from '../admin/roles.ts';
import { users } from '../db/schema.ts';

/**
 * A quest's wall visit held by fair play (docs/decisions/043-quests.md) waits in the held-log
 * queue: a moderator's release confirms the wall and pays the quest, a void pays nothing; the
 * player hears either in the inbox, and the audit log keeps it.
 */

const t = useUnlimitedApp();

let spots = 0;
const nextSpot = (): Spot => ({ latitude: 60 + ++spots * 0.2, longitude: -30 });
const BRISBANE = { latitude: -27.47, longitude: 153.02 };

/** A player whose visit to a new wall is held: they logged a find in Brisbane just before. */
async function heldVisit(name = 'Harbour wall') {
  const at = nextSpot();
  const wallId = await insertWall(t().db, at, { status: 'unverified', name });
  const player = await signUp(t().app);
  const pinned = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Koala', ...BRISBANE, imageUrl: await photoTakenAt(player, BRISBANE) },
  });
  expect(pinned.statusCode, pinned.body).toBe(201);
  const imageUrl = await photoTakenAt(player, at);
  const res = await answer(player, 'visit_wall', wallId, { ...at, accuracy: 20, imageUrl });
  expect(res.json<QuestAnswer>()).toMatchObject({ held: true, tokens: 0 });
  const [row] = await t().db.select().from(questAnswers).where(eq(questAnswers.userId, player.id));
  return { player, wallId, answerId: row!.id, imageUrl, at };
}

const flags = async (mod: Player, cursor?: string) => {
  const res = await mod.request({
    url: cursor ? `/api/moderation/queues/flags?cursor=${cursor}` : '/api/moderation/queues',
  });
  expect(res.statusCode, res.body).toBe(200);
  return cursor ? res.json<FlagPage>() : res.json<ModerationQueues>().flags;
};
const tokensOf = async (player: Player) =>
  (await t().db.select({ tokens: users.tokens }).from(users).where(eq(users.id, player.id)))[0]!
    .tokens;
const confirmationsOf = (wallId: string) =>
  t().db.select().from(wallConfirmations).where(eq(wallConfirmations.wallId, wallId));
const inboxOf = async (player: Player) =>
  (await player.request({ url: '/api/inbox' })).json<InboxPage>().items;

describe('a held wall visit', () => {
  it('waits in the held queue, and its release confirms the wall and pays the quest', async () => {
    const { player, wallId, answerId, imageUrl, at } = await heldVisit('Release wall');
    const mod = await signUpModerator(t().app, t().db);
    const queued = (await flags(mod)).items.find((f) => f.id === answerId);
    expect(queued).toMatchObject({
      kind: 'wall_visit',
      flagReason: 'impossible_travel',
      imageUrl,
      username: player.username,
      artworkId: null,
      artworkTitle: 'Release wall',
      place: { latitude: at.latitude, longitude: at.longitude },
      link: `/?lat=${at.latitude}&lng=${at.longitude}&zoom=16`,
    });
    const before = await tokensOf(player);

    const entry = await acted(mod, {
      action: 'release_visit',
      targetId: answerId,
      reason: 'Took the train',
    });
    expect(entry).toMatchObject({
      action: 'release_visit',
      targetType: 'quest_answer',
      targetLabel: 'Release wall',
      details: { tokens: 10 },
    });
    expect(await tokensOf(player)).toBe(before + 10);
    const [confirmation] = await confirmationsOf(wallId);
    expect(confirmation).toMatchObject({ userId: player.id, imageUrl });
    const [paid] = await t().db.select().from(questAnswers).where(eq(questAnswers.id, answerId));
    expect(paid).toMatchObject({
      status: 'paid',
      tokensAwarded: 10,
      wallConfirmationId: confirmation!.id,
    });
    expect((await inboxOf(player))[0]).toMatchObject({
      kind: 'visit_released',
      title: 'Release wall',
      tokens: 10,
    });
    expect((await flags(mod)).items.some((f) => f.id === answerId)).toBe(false);

    // Replayed, or voided after: refused, and nothing changes.
    for (const action of ['release_visit', 'void_visit']) {
      const again = await act(mod, { action, targetId: answerId, reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'This wall visit was already reviewed.' });
    }
    expect(await tokensOf(player)).toBe(before + 10);
    expect(await confirmationsOf(wallId)).toHaveLength(1);
  });

  it('voided, confirms and pays nothing, and the player is told', async () => {
    const { player, wallId, answerId, at } = await heldVisit('Void wall');
    const mod = await signUpModerator(t().app, t().db);
    const before = await tokensOf(player);
    const entry = await acted(mod, { action: 'void_visit', targetId: answerId, reason: 'Faked' });
    expect(entry).toMatchObject({ action: 'void_visit', targetLabel: 'Void wall' });
    expect(await tokensOf(player)).toBe(before);
    expect(await confirmationsOf(wallId)).toEqual([]);
    const [voided] = await t().db.select().from(questAnswers).where(eq(questAnswers.id, answerId));
    expect(voided).toMatchObject({ status: 'void', tokensAwarded: 0 });
    expect((await inboxOf(player))[0]).toMatchObject({ kind: 'visit_voided', tokens: 0 });
    // Still answered: the quest is not paid a second time.
    const again = await answer(player, 'visit_wall', wallId, {
      ...at,
      accuracy: 20,
      imageUrl: await photoTakenAt(player, at),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already answered this quest.' });
  });

  it('refuses what is no held visit, a player, and a moderator’s own visit', async () => {
    const { answerId, player } = await heldVisit('Refusals wall');
    const mod = await signUpModerator(t().app, t().db);
    for (const [payload, status] of [
      [{ action: 'release_visit', targetId: 'no-such-answer', reason: 'x' }, 404],
      [{ action: 'void_visit', targetId: answerId }, 400],
      [{ action: 'release_visit', targetId: answerId, reason: '' }, 400],
      [{ action: 'release_visit', targetId: 42, reason: 'x' }, 400],
    ] as const) {
      expect((await act(mod, payload)).statusCode, JSON.stringify(payload)).toBe(status);
    }
    const byPlayer = await act(player, {
      action: 'release_visit',
      targetId: answerId,
      reason: 'x',
    });
    expect(byPlayer.statusCode).toBe(403);

    const own = await heldVisit('Own wall');
    await grantRole(t().db, { username: own.player.username, role: 'moderator', reason: 'test' });
    const refused = await act(own.player, {
      action: 'release_visit',
      targetId: own.answerId,
      reason: 'Mine',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Another moderator must review your own visit.' });
    const [still] = await t().db.select().from(questAnswers).where(eq(questAnswers.id, answerId));
    expect(still!.status).toBe('held');
  });

  // Two dozen held items through the real routes: longer than a test's usual time on PGlite.
  it(
    'pages with the held logs, newest first, without skipping either',
    { timeout: 120_000 },
    async () => {
      const mod = await signUpModerator(t().app, t().db);
      for (let i = 0; i < 12; i++) {
        const { player, at } = await heldVisit(`Paged wall ${i}`);
        // Right after Brisbane, a new piece at the wall is held too: a log among the visits.
        const held = await player.request({
          method: 'POST',
          url: '/api/discoveries',
          payload: { name: `Piece ${i}`, ...at, imageUrl: await photoTakenAt(player, at) },
        });
        expect(held.json<{ pendingReview: boolean }>().pendingReview).toBe(true);
      }
      const seen: string[] = [];
      let page = await flags(mod);
      const total = page.total;
      for (;;) {
        seen.push(...page.items.map((f) => f.id));
        if (!page.nextCursor) break;
        page = await flags(mod, page.nextCursor);
      }
      expect(total).toBeGreaterThanOrEqual(24);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      const first = await flags(mod);
      expect(new Set(first.items.map((f) => f.kind))).toEqual(new Set(['wall_visit', 'found']));
      const times = first.items.map((f) => f.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    },
  );
});

describe('under concurrency', () => {
  it(
    'a held visit released 50 times at once confirms and pays once',
    { tags: ['concurrency'] },
    async () => {
      const { player, wallId, answerId } = await heldVisit('Busy wall');
      const mod = await signUpModerator(t().app, t().db);
      const before = await tokensOf(player);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          act(mod, {
            action: i % 2 ? 'release_visit' : 'void_visit',
            targetId: answerId,
            reason: 'At once',
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, ...Array(49).fill(409)]);
      const [settled] = await t()
        .db.select()
        .from(questAnswers)
        .where(eq(questAnswers.id, answerId));
      const paid = settled!.status === 'paid' ? 10 : 0;
      expect(await tokensOf(player)).toBe(before + paid);
      expect(await confirmationsOf(wallId)).toHaveLength(paid ? 1 : 0);
      const told = (await inboxOf(player)).filter((i) => i.kind.startsWith('visit_'));
      expect(told).toHaveLength(1);
    },
  );
});
