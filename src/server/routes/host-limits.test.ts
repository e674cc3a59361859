import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../db/schema.ts';

/**
 * Per-address limits count hosts (docs/decisions/015-sign-in-limits.md): an IPv6 host picks any
 * of the 2^64 addresses of its /64 at will, so a /64 is one client, and a /48 a few at most.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const PASSWORD = 'spray-paint-rules-42';
let counter = 0;
const freshName = (prefix: string) => `${prefix}_${process.pid}_${++counter}`;

const signUp = (from: string, username = freshName('host'), app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: from,
    payload: { username, password: PASSWORD },
  });

const signIn = (username: string, password: string, from: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    payload: { username, password },
  });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

async function accountsNamed(app: TestApp, names: string[]) {
  return app.db.select().from(users).where(inArray(users.username, names));
}

describe('sign-ups per host', () => {
  it('counts 25 addresses of one /64 as one host: the 21st is refused and creates nothing', async () => {
    const { limit } = t.config.rateLimits.signUpPerIp;
    const names = Array.from({ length: limit + 5 }, () => freshName('v6'));
    const results = [];
    for (const [i, name] of names.entries()) {
      // Each from another address of 2001:db8:a:1::/64, spelt every way a client might.
      const from = i % 2 ? `2001:db8:a:1::${(i + 1).toString(16)}` : `2001:DB8:A:1:${i}::9`;
      results.push(await signUp(from, name));
    }
    expect(results.slice(0, limit).every((r) => r.statusCode === 200)).toBe(true);
    for (const refused of results.slice(limit)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: 'Too many new accounts from here. Please try again later.',
      });
    }
    expect(await accountsNamed(t, names.slice(limit))).toEqual([]);
    expect(await accountsNamed(t, names.slice(0, limit))).toHaveLength(limit);

    // Another /64 of the same network is another host.
    expect((await signUp('2001:db8:a:2::1')).statusCode).toBe(200);
  });

  it('reads an IPv4-mapped address as the IPv4 host it is', async () => {
    const { limit } = t.config.rateLimits.signUpPerIp;
    for (let i = 0; i < limit; i++) {
      const from = i % 2 ? '198.51.100.44' : '::ffff:198.51.100.44';
      expect((await signUp(from)).statusCode).toBe(200);
    }
    expect((await signUp('::FFFF:c633:642c')).statusCode).toBe(429);
  });

  it(
    'holds the limit exactly under 50 simultaneous sign-ups from 50 addresses of one /64',
    { tags: ['concurrency'] },
    async () => {
      const { limit } = t.config.rateLimits.signUpPerIp;
      const names = Array.from({ length: 50 }, () => freshName('race'));
      const results = await Promise.all(
        names.map((name, i) => signUp(`2001:db8:b:1::${(i + 1).toString(16)}`, name)),
      );
      expect(statuses(results)).toEqual({ 200: limit, 429: 50 - limit });
      expect(await accountsNamed(t, names)).toHaveLength(limit);
    },
  );
});

describe('sign-ups per /48', () => {
  const SIGNUPS = { limit: 2, windowSeconds: 3600 };
  // Five hosts' worth per /48 (HOSTS_PER_SITE in services/sign-in-limits.ts).
  const SITE_CAP = SIGNUPS.limit * 5;
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ seed: false, limits: { signUpPerIp: SIGNUPS } });
  });
  afterAll(() => small.close());

  it(
    'caps a /48 at five hosts’ worth, under 50 simultaneous sign-ups from 50 of its /64s',
    { tags: ['concurrency'] },
    async () => {
      const names = Array.from({ length: 50 }, () => freshName('site'));
      const results = await Promise.all(
        names.map((name, i) => signUp(`2001:db8:5:${(i + 1).toString(16)}::1`, name, small.app)),
      );
      expect(statuses(results)).toEqual({ 200: SITE_CAP, 429: 50 - SITE_CAP });
      expect(await accountsNamed(small, names)).toHaveLength(SITE_CAP);

      // Another /48, and IPv4, are counted on their own.
      expect((await signUp('2001:db8:6:1::1', undefined, small.app)).statusCode).toBe(200);
      expect((await signUp('192.0.2.50', undefined, small.app)).statusCode).toBe(200);
    },
  );
});

describe('wrong passwords per host', () => {
  it('counts 35 wrong passwords from 35 addresses of one /64 against one budget', async () => {
    const { limit } = t.config.rateLimits.signInPerIp;
    const results = [];
    for (let i = 0; i < limit + 5; i++) {
      // A new name each time, so only the host's own budget is in play.
      results.push(await signIn(freshName('ghost'), 'not it at all', `2001:db8:c:1::${i + 1}`));
    }
    expect(statuses(results)).toEqual({ 401: limit, 429: 5 });
    expect(results[limit]!.json().message).toContain('Too many sign-in attempts');
    // Another /64 still has its own budget.
    expect((await signIn(freshName('ghost'), 'nope', '2001:db8:c:2::1')).statusCode).toBe(401);
  });

  it(
    'leaves a name’s ceiling out of reach of one /64 and of one /48: the owner still signs in',
    { tags: ['concurrency'] },
    async () => {
      const name = freshName('owner');
      expect((await signUp('192.0.2.60', name)).statusCode).toBe(200);
      const { signInPerNameAndIp: pair, signInPerName: ceiling } = t.config.rateLimits;

      // One /64 guessing from 50 addresses at once: its pair budget, nothing more.
      const fromHost = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signIn(name, `guess ${i}`, `2001:db8:d:1::${i + 1}`)),
      );
      expect(statuses(fromHost)).toEqual({ 401: pair.limit, 429: 50 - pair.limit });

      // Another 60 /64s of that /48 at once: five hosts' worth in all, below the ceiling.
      const fromSite = await Promise.all(
        Array.from({ length: 60 }, (_, i) => signIn(name, `again ${i}`, `2001:db8:d:${i + 2}::1`)),
      );
      const siteCap = pair.limit * 5;
      expect(statuses(fromSite)).toEqual({
        401: siteCap - pair.limit,
        429: 60 - siteCap + pair.limit,
      });
      expect(siteCap).toBeLessThan(ceiling.limit);

      // The owner, in a new browser on another network: signed in.
      const owner = await signIn(name, PASSWORD, '198.51.100.70');
      expect(owner.statusCode).toBe(200);
    },
  );
});
