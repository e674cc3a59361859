import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../core/schemas/account.ts';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { signInAgain, whoIs } from '../../../test/sign-in.ts';
import { LAST_SEEN_STEP_MS } from '../auth/session-cache.ts';
import { hashSessionId } from '../auth/sessions.ts';
import { sessions } from '../db/sign-in-schema.ts';

/** GET /api/profile/sessions, DELETE /api/profile/sessions/:id, POST …/end-others. */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { trustProxy: ['10.0.0.0/8'] } });
});
afterAll(() => t.close());

const list = async (player: Player) => {
  const res = await player.request({ url: '/api/profile/sessions' });
  expect(res.statusCode).toBe(200);
  return res.json<Session[]>();
};
const end = (player: Player, id: string) =>
  player.request({ method: 'DELETE', url: `/api/profile/sessions/${id}` });

describe('the sessions list', () => {
  it('shows each session with its device and place, and which one is asking', async () => {
    const phone = await signUp(t.app);
    const laptop = await signInAgain(t.app, phone, {
      headers: {
        'user-agent': MAC_SAFARI,
        'x-forwarded-for': '198.51.100.7',
        'cf-ipcountry': 'DE',
      },
      remoteAddress: '10.0.0.2',
    });
    const seenFromLaptop = await list(laptop);
    expect(seenFromLaptop).toHaveLength(2);
    const mine = seenFromLaptop.find((s) => s.current)!;
    expect(mine).toMatchObject({ device: 'Safari on macOS', country: 'DE' });
    const other = seenFromLaptop.find((s) => !s.current)!;
    expect(other).toMatchObject({ device: null, country: null });
    // The id is public: neither the cookie nor its hash.
    for (const cookie of [phone.cookie, laptop.cookie]) {
      const value = cookie.split('=')[1]!;
      expect(JSON.stringify(seenFromLaptop)).not.toContain(value);
      expect(JSON.stringify(seenFromLaptop)).not.toContain(hashSessionId(value));
    }
    const seenFromPhone = await list(phone);
    expect(seenFromPhone.find((s) => s.current)!.id).toBe(other.id);
  });

  it('believes a country header only from a configured proxy', async () => {
    const player = await signUp(t.app);
    const spoofed = await signInAgain(t.app, player, {
      headers: { 'user-agent': ANDROID_CHROME, 'cf-ipcountry': 'FR' },
      remoteAddress: '198.51.100.9',
    });
    expect((await list(spoofed)).find((s) => s.current)).toMatchObject({
      device: 'Chrome on Android',
      country: null,
    });
  });

  it('moves last seen forward at most once a step, not on every request', async () => {
    const player = await signUp(t.app);
    const idHash = hashSessionId(player.cookie.split('=')[1]!);
    const lastSeen = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0]!.lastSeenAt;
    const before = await lastSeen();
    await list(player);
    expect(await lastSeen()).toEqual(before);
    // A step later (the clock moved on), the next request moves it, once.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(before.getTime() + LAST_SEEN_STEP_MS + 60_000);
      const [row] = await list(player);
      expect(new Date(row!.lastSeenAt).getTime()).toBe(Date.now());
      const moved = await lastSeen();
      expect(moved.getTime()).toBeGreaterThan(before.getTime() + LAST_SEEN_STEP_MS);
      vi.setSystemTime(Date.now() + 60_000);
      await list(player);
      expect(await lastSeen()).toEqual(moved);
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/profile/sessions' })).statusCode).toBe(401);
  });
});

describe('ending a session', () => {
  it('signs the other device out at its next request', async () => {
    const phone = await signUp(t.app);
    const laptop = await signInAgain(t.app, phone);
    const other = (await list(laptop)).find((s) => !s.current)!;
    const res = await end(laptop, other.id);
    expect(res.statusCode).toBe(204);
    expect(await whoIs(phone)).toBe(401);
    expect(await whoIs(laptop)).toBe(phone.id);
    expect(await list(laptop)).toHaveLength(1);
    // Gone is gone: ending it again finds nothing.
    expect((await end(laptop, other.id)).statusCode).toBe(404);
  });

  it('never ends or reveals another player’s session', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const bobsSession = (await list(bob))[0]!;
    const res = await end(alice, bobsSession.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Session not found' });
    expect(await whoIs(bob)).toBe(bob.id);
    expect((await list(alice)).map((s) => s.id)).not.toContain(bobsSession.id);
  });

  it.each([
    ['not an id', 'abc', 400],
    ['the cookie itself', 'COOKIE', 400],
    // Fastify refuses a path parameter over 100 characters before any route sees it.
    ['too long', 'a'.repeat(300), 414],
  ])('refuses %s and ends nothing', async (_, id, status) => {
    const player = await signUp(t.app);
    const other = await signInAgain(t.app, player);
    const value = id === 'COOKIE' ? other.cookie.split('=')[1]! : id;
    const res = await end(player, encodeURIComponent(value));
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().message).toMatch(/session id/);
    expect(await whoIs(other)).toBe(player.id);
    expect(await list(player)).toHaveLength(2);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/sessions/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(401);
  });

  it('ending the asking session signs it out here', async () => {
    const player = await signUp(t.app);
    const mine = (await list(player))[0]!;
    const res = await end(player, mine.id);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'ss_session')?.value).toBe('');
    expect(await whoIs(player)).toBe(401);
  });
});

describe('ending all other sessions', () => {
  it('keeps only the asking one, and touches no other player', async () => {
    const player = await signUp(t.app);
    const others = [await signInAgain(t.app, player), await signInAgain(t.app, player)];
    const bystander = await signUp(t.app);
    const res = await player.request({ method: 'POST', url: '/api/profile/sessions/end-others' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await whoIs(other)).toBe(401);
    expect(await whoIs(player)).toBe(player.id);
    expect(await whoIs(bystander)).toBe(bystander.id);
    const again = await player.request({ method: 'POST', url: '/api/profile/sessions/end-others' });
    expect(again.json()).toEqual({ ended: 0 });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/sessions/end-others' });
    expect(res.statusCode).toBe(401);
  });
});
