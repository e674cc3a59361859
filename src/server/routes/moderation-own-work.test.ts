import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationActionInput } from '../../core/schemas/moderation.ts';
import {
  createTestApp,
  NO_LIMIT,
  pinArtwork,
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
import { contentReports, moderationActions } from '../db/moderation-schema.ts';
import { artworkLogs, legalWalls, users } from '../db/schema.ts';
import { suspensionMessage } from '../auth/suspension.ts';
import { toSessionUser } from '../auth/sessions.ts';
import { takeAction } from '../services/moderation.ts';

/** Separation of duties (docs/decisions/026): staff never decide on their own work. */

let t: TestApp;
let mod: Player;
let other: Player;
let bob: Player;
let carol: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  [mod, other] = [await signUpModerator(t.app, t.db), await signUpModerator(t.app, t.db)];
  [bob, carol] = [await signUpEstablished(t.app, t.db), await signUpEstablished(t.app, t.db)];
});
afterAll(() => t.close());

const auditCount = () => countRows(t.db, moderationActions);

/**
 * The action is refused with 403 and this message, and exactly one audit row records the
 * refused attempt: who, on what, what they tried and why.
 */
async function expectRefused(
  input: ModerationActionInput,
  message: string,
  targetType: string,
  actor: Player = mod,
) {
  const before = await auditCount();
  const res = await act(actor, input);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ message });
  expect(await auditCount()).toBe(before + 1);
  const [row] = await t.db
    .select()
    .from(moderationActions)
    .orderBy(desc(moderationActions.createdAt))
    .limit(1);
  expect(row).toMatchObject({
    actorId: actor.id,
    actorLabel: actor.username,
    action: 'refused',
    targetType,
    targetId: input.targetId,
    reason: input.reason,
    details: { attempted: input.action, message },
  });
}

const openReports = (targetId: string) =>
  t.db
    .select()
    .from(contentReports)
    .where(and(eq(contentReports.targetId, targetId), isNull(contentReports.resolvedAt)));

const OWN_CONTENT = 'Another moderator must decide on your own content.';

describe('content and reports about the moderator', () => {
  it('refuses deciding on their own post either way, changing nothing; another moderator decides', async () => {
    const post = await forumRequests.newPost(mod, { content: 'A moderator’s own words' });
    // Players' reports never hide content of staff: they wait for a moderator.
    await reportTwice([bob, carol], 'forum_post', post.id);
    expect((await storedPost(t.db, post.id)).hiddenAt).toBeNull();
    const decide = {
      action: 'restore',
      targetType: 'forum_post',
      targetId: post.id,
      reason: 'It is fine',
    } as const;
    await expectRefused(decide, OWN_CONTENT, 'forum_post');
    await expectRefused({ ...decide, action: 'hide' }, OWN_CONTENT, 'forum_post');
    await expectRefused({ ...decide, action: 'keep_hidden' }, OWN_CONTENT, 'forum_post');
    expect((await storedPost(t.db, post.id)).hiddenAt).toBeNull();
    expect(await openReports(post.id)).toHaveLength(2);

    await acted(other, { ...decide, action: 'hide', reason: 'Rude' });
    expect((await storedPost(t.db, post.id)).hiddenAt).not.toBeNull();
    expect(await openReports(post.id)).toHaveLength(0);
    await expectRefused(decide, OWN_CONTENT, 'forum_post');
    // Their own hidden post: refused before anything else is looked at, on the record.
    await expectRefused({ ...decide, action: 'keep_hidden' }, OWN_CONTENT, 'forum_post');
    expect((await storedPost(t.db, post.id)).hiddenAt).not.toBeNull();

    await acted(other, decide);
    expect((await storedPost(t.db, post.id)).hiddenAt).toBeNull();
  });

  it('refuses dismissing reports about their own profile; another moderator does', async () => {
    await reportTwice([bob, carol], 'profile', mod.id);
    const dismiss = {
      action: 'restore',
      targetType: 'profile',
      targetId: mod.id,
      reason: 'Nothing wrong with my name',
    } as const;
    await expectRefused(dismiss, OWN_CONTENT, 'profile');
    const hidden = async () =>
      (await t.db.select().from(users).where(eq(users.id, mod.id)))[0]!.profileHiddenAt;
    expect(await hidden()).toBeNull();
    expect(await openReports(mod.id)).toHaveLength(2);
    await acted(other, dismiss);
    expect(await hidden()).toBeNull();
    expect(await openReports(mod.id)).toHaveLength(0);
  });
});

describe('walls', () => {
  it('refuses verifying, closing or hiding a wall they proposed; another moderator verifies it', async () => {
    await t.db.insert(legalWalls).values({
      id: 'w-own',
      name: 'My Own Wall',
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
      proposedById: mod.id,
    });
    const message = 'Another moderator must review a wall you proposed.';
    await expectRefused(
      { action: 'verify_wall', targetId: 'w-own', reason: 'Mine' },
      message,
      'wall',
    );
    await expectRefused(
      { action: 'close_wall', targetId: 'w-own', reason: 'Mine' },
      message,
      'wall',
    );
    await expectRefused(
      { action: 'hide', targetType: 'wall', targetId: 'w-own', reason: 'Mine' },
      OWN_CONTENT,
      'wall',
    );
    const wall = async () =>
      (await t.db.select().from(legalWalls).where(eq(legalWalls.id, 'w-own')))[0]!;
    expect(await wall()).toMatchObject({ status: 'unverified', hiddenAt: null });

    await acted(other, { action: 'verify_wall', targetId: 'w-own', reason: 'Seen it' });
    expect((await wall()).status).toBe('verified');
  });
});

describe('held logs', () => {
  it('refuses releasing or voiding their own held log, paying nothing; another moderator releases it', async () => {
    // A find in Brisbane, then one in Sydney a moment later: fair play holds the second.
    await pinArtwork(mod, { latitude: -27.47, longitude: 153.02 });
    await pinArtwork(mod, { latitude: -33.8688, longitude: 151.2093 });
    const logs = await t.db.select().from(artworkLogs).where(eq(artworkLogs.userId, mod.id));
    const held = logs.find((l) => l.reviewStatus === 'pending')!;
    const tokens = async () =>
      (await t.db.select().from(users).where(eq(users.id, mod.id)))[0]!.tokens;
    const status = async () =>
      (await t.db.select().from(artworkLogs).where(eq(artworkLogs.id, held.id)))[0]!.reviewStatus;
    expect(await tokens()).toBe(50);

    const message = 'Another moderator must review your own log.';
    for (const action of ['release_log', 'void_log'] as const) {
      await expectRefused(
        { action, targetId: held.id, reason: 'Took a plane' },
        message,
        'artwork_log',
      );
    }
    expect(await tokens()).toBe(50);
    expect(await status()).toBe('pending');

    const entry = await acted(other, { action: 'release_log', targetId: held.id, reason: 'Ok' });
    expect(entry.details).toEqual({ tokens: 50 });
    expect(await tokens()).toBe(100);
    expect(await status()).toBe('approved');
  });
});

describe('their own suspension', () => {
  const suspendedUntil = async (player: Player) =>
    (await t.db.select().from(users).where(eq(users.id, player.id)))[0]!.suspendedUntil;

  it('refuses suspending themselves with 403, on the record', async () => {
    await expectRefused(
      { action: 'suspend', targetId: mod.id, days: 1, reason: 'Cool off' },
      'You cannot suspend yourself.',
      'user',
    );
    expect(await suspendedUntil(mod)).toBeNull();
  });

  it('refuses lifting their own suspension, on the record; another moderator lifts it', async () => {
    // Staff are not suspended from the app: a player suspended before the operator made them staff.
    const suspended = await signUpModerator(t.app, t.db);
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, suspended.id));
    const lift = { action: 'lift_suspension', targetId: suspended.id, reason: 'Done' } as const;

    // Through the app, the suspension itself refuses the request first.
    const before = await auditCount();
    const res = await act(suspended, lift);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: suspensionMessage(until) });
    expect(await auditCount()).toBe(before);

    // The service refuses it too, should that hook ever let a moderator through.
    const [row] = await t.db.select().from(users).where(eq(users.id, suspended.id));
    const actor = toSessionUser({ user: row!, subscriptionStatus: null, proPeriodEnd: null });
    await expect(takeAction(t.db, actor, lift, t.config.established)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Another moderator must lift your suspension.',
    });
    const [refusal] = await t.db
      .select()
      .from(moderationActions)
      .orderBy(desc(moderationActions.createdAt))
      .limit(1);
    expect(refusal).toMatchObject({
      actorId: suspended.id,
      action: 'refused',
      targetType: 'user',
      targetId: suspended.id,
      details: { attempted: 'lift_suspension' },
    });
    expect(await suspendedUntil(suspended)).toEqual(until);

    await acted(other, lift);
    expect(await suspendedUntil(suspended)).toBeNull();
  });
});
