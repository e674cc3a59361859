import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, type TestApp } from '../../../test/app.ts';

/**
 * Sign-in limits (docs/decisions/015-sign-in-limits.md): usernames are public, so guessing at
 * one from elsewhere must slow the guesser without ever locking the owner out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, limits: { signUpPerIp: NO_LIMIT } });
});
afterAll(() => t.close());

const PASSWORD = 'spray-paint-rules-42';
let counter = 0;

/** A new account; returns its name and the device cookie its browser kept. */
async function victim(app = t.app): Promise<{ name: string; device: string }> {
  const name = `victim_${process.pid}_${++counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: '192.0.2.1',
    payload: { username: name, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'ss_device');
  expect(device?.httpOnly).toBe(true);
  return { name, device: `ss_device=${device!.value}` };
}

const signIn = (username: string, password: string, from: string, cookie?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
    payload: { username, password },
  });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

describe('sign-in limits', () => {
  it('stops one address guessing at a name, and the owner still signs in from their own', async () => {
    const { name } = await victim();
    const { signInPerNameAndIp } = t.config.rateLimits;
    const guesses = [];
    for (let i = 0; i < signInPerNameAndIp.limit + 40; i++) {
      guesses.push(await signIn(name, `guess number ${i}`, '203.0.113.66'));
    }
    expect(guesses.slice(0, signInPerNameAndIp.limit).every((r) => r.statusCode === 401)).toBe(
      true,
    );
    const refused = guesses.slice(signInPerNameAndIp.limit);
    expect(refused.every((r) => r.statusCode === 429)).toBe(true);
    expect(refused[0]!.json().message).toContain('Too many sign-in attempts');

    // The owner, on another address and in a browser that has never signed in: not refused.
    const owner = await signIn(name, PASSWORD, '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.some((c) => c.name === 'ss_session')).toBe(true);
  });

  it('counts only checked attempts: refused requests and successful sign-ins cost nothing', async () => {
    const { name } = await victim();
    const { signInPerNameAndIp } = t.config.rateLimits;
    for (let i = 0; i < signInPerNameAndIp.limit + 5; i++) {
      expect((await signIn(name, PASSWORD, '198.51.100.8')).statusCode).toBe(200);
    }
    // Still the whole budget of wrong guesses left from that address.
    for (let i = 0; i < signInPerNameAndIp.limit; i++) {
      expect((await signIn(name, `wrong ${i}`, '198.51.100.8')).statusCode).toBe(401);
    }
    expect((await signIn(name, PASSWORD, '198.51.100.8')).statusCode).toBe(429);
  });

  it(
    'holds the limit exactly under 50 simultaneous guesses from one address',
    { tags: ['concurrency'] },
    async () => {
      const { name } = await victim();
      const { signInPerNameAndIp } = t.config.rateLimits;
      const guesses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signIn(name, `parallel ${i}`, '203.0.113.90')),
      );
      expect(statuses(guesses)).toEqual({
        401: signInPerNameAndIp.limit,
        429: 50 - signInPerNameAndIp.limit,
      });
    },
  );
});

describe('a name guessed at from many addresses', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      seed: false,
      limits: { signUpPerIp: NO_LIMIT, signInPerName: { limit: 20, windowSeconds: 900 } },
    });
  });
  const guess = (name: string, password: string, from: string, cookie?: string) =>
    signIn(name, password, from, cookie, limited.app);
  afterAll(() => limited.close());

  it(
    'slows the guesser at the per-name ceiling, while the owner’s own device still signs in',
    { tags: ['concurrency'] },
    async () => {
      const { name, device } = await victim(limited.app);
      // 50 addresses at once, a few guesses each: more than the name's ceiling in all.
      const guesses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => guess(name, `botnet ${i}`, `10.77.0.${i + 1}`)),
      );
      expect(statuses(guesses)).toEqual({ 401: 20, 429: 30 });
      // A new address is refused even with the right password: the guesser cannot tell.
      expect((await guess(name, PASSWORD, '10.77.1.1')).statusCode).toBe(429);

      // The owner's phone, with the device cookie from signing up, on one of the hammering
      // addresses: signed in.
      const owner = await guess(name, PASSWORD, '10.77.0.1', device);
      expect(owner.statusCode).toBe(200);
      expect(owner.cookies.some((c) => c.name === 'ss_session')).toBe(true);
      // The device cookie of another account gives no way around the ceiling.
      const other = await victim(limited.app);
      expect((await guess(name, 'another guess', '10.77.1.2', other.device)).statusCode).toBe(429);
    },
  );
});
