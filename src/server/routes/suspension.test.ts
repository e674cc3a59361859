import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { countRows, forumRequests } from '../../../test/forum.ts';
import { acted, report, signUpModerator } from '../../../test/moderation.ts';
import { markers, users } from '../db/schema.ts';
import { forumPosts } from '../db/community-schema.ts';
import { deletionWhileSuspendedMessage, suspensionMessage } from '../auth/suspension.ts';

/** A suspended player can read but not write (docs/decisions/026). */

let t: TestApp;
let mod: Player;
let suspended: Player;
let other: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  mod = await signUpModerator(t.app, t.db);
  [suspended, other] = [await signUp(t.app), await signUp(t.app)];
  await acted(mod, { action: 'suspend', targetId: suspended.id, days: 9, reason: 'Spam' });
});
afterAll(() => t.close());

async function until(): Promise<Date> {
  const [row] = await t.db.select().from(users).where(eq(users.id, suspended.id));
  return row!.suspendedUntil!;
}

describe('a suspended player', () => {
  it('is refused every write with 403 and the end date, and nothing changes', async () => {
    const message = suspensionMessage(await until());
    expect(message).toMatch(
      /^Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}: you can look around but not post, log or upload\.$/,
    );
    const target = await forumRequests.newPost(other, { content: 'Target' });
    const posts = await countRows(t.db, forumPosts);
    const writes = [
      { method: 'POST' as const, url: '/api/community/forum', payload: { content: 'Still here' } },
      { method: 'POST' as const, url: `/api/community/forum/${target.id}/like` },
      {
        method: 'POST' as const,
        url: '/api/markers',
        payload: { latitude: 1, longitude: 2, emojiPin: 'tag' },
      },
      { method: 'POST' as const, url: '/api/objects/upload', payload: { purpose: 'discovery' } },
      {
        method: 'POST' as const,
        url: '/api/discoveries',
        payload: { name: 'x', latitude: 1, longitude: 2 },
      },
      {
        method: 'PUT' as const,
        url: '/api/profile/picture',
        payload: { imageUrl: '/objects/abcdefghijkl' },
      },
      {
        method: 'POST' as const,
        url: '/api/reports',
        payload: { targetType: 'forum_post', targetId: target.id, reason: 'spam' },
      },
    ];
    for (const write of writes) {
      const res = await suspended.request(write);
      expect(res.statusCode, write.url).toBe(403);
      expect(res.json()).toEqual({ message });
    }
    expect(await countRows(t.db, forumPosts)).toBe(posts);
    expect(await countRows(t.db, markers)).toBe(0);
  });

  it('still reads, sees the suspension on its account, and can sign out', async () => {
    for (const url of [
      '/api/community/forum',
      '/api/leaderboard',
      '/api/markers',
      '/api/discoveries/mine',
    ]) {
      expect((await suspended.request({ url })).statusCode, url).toBe(200);
    }
    const me = await suspended.request({ url: '/api/auth/user' });
    expect(me.json().suspendedUntil).toBe((await until()).toISOString());
    // Keeping the account safe is never refused: its sessions, password and recovery codes.
    for (const [method, url] of [
      ['POST', '/api/profile/sessions/end-others'],
      ['DELETE', '/api/profile/sessions/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/profile/password'],
      ['POST', '/api/profile/recovery-codes'],
    ] as const) {
      expect((await suspended.request({ method, url })).statusCode, url).not.toBe(403);
    }
    const out = await suspended.request({ method: 'POST', url: '/api/logout' });
    expect(out.statusCode).toBeLessThan(400);
  });

  it('writes again once the suspension is lifted; others were never affected', async () => {
    const player = await signUp(t.app);
    await acted(mod, { action: 'suspend', targetId: player.id, days: 1, reason: 'Cool off' });
    expect(
      (await report(player, { targetType: 'profile', targetId: other.id, reason: 'spam' }))
        .statusCode,
    ).toBe(403);
    await acted(mod, { action: 'lift_suspension', targetId: player.id, reason: 'Apologised' });
    expect((await forumRequests.post(player, { content: 'Back' })).statusCode).toBe(201);
    expect((await forumRequests.post(other, { content: 'Unaffected' })).statusCode).toBe(201);
    expect((await player.request({ url: '/api/auth/user' })).json().suspendedUntil).toBeNull();
  });
});

describe('deleting a suspended account', () => {
  const remove = (player: Player) =>
    player.request({
      method: 'DELETE',
      url: '/api/profile',
      payload: { username: player.username, password: 'spray-paint-rules-42' },
    });
  const exists = async (player: Player) =>
    (await t.db.select().from(users).where(eq(users.id, player.id))).length === 1;

  it('is refused with 403 and the end date, keeping the account; once the suspension ends it works', async () => {
    const player = await signUp(t.app);
    await acted(mod, { action: 'suspend', targetId: player.id, days: 2, reason: 'Spam' });
    const [row] = await t.db.select().from(users).where(eq(users.id, player.id));
    const res = await remove(player);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: deletionWhileSuspendedMessage(row!.suspendedUntil!) });
    expect(res.json().message).toMatch(
      /^Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}, so it cannot be deleted before then\.$/,
    );
    expect(await exists(player)).toBe(true);
    // The name stays taken: no fresh account under it while suspended.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: player.username, password: 'spray-paint-rules-42' },
    });
    expect(again.statusCode).toBe(409);

    // The suspension runs out.
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, player.id));
    expect((await remove(player)).statusCode).toBe(204);
    expect(await exists(player)).toBe(false);
  });
});
