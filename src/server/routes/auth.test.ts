import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type TestApp } from '../../../test/app.ts';
import { users } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('sign-in page', () => {
  it('serves a sign-in form and a create-account form', async () => {
    const signin = await t.app.inject({ url: '/api/login' });
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['content-type']).toContain('text/html');
    expect(signin.body).toContain('action="/api/login"');
    const signup = await t.app.inject({ url: '/api/login?mode=signup' });
    expect(signup.body).toContain('action="/api/signup"');
    expect(signup.body).toContain('autocomplete="new-password"');
  });

  it('never carries a return address to another site', async () => {
    const addresses = [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example',
      '/a/../..//evil.example',
      'javascript:alert(1)',
      '\\\\evil.example',
    ];
    for (const bad of addresses) {
      const res = await t.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(bad)}` });
      expect(res.body).toContain('name="returnTo" value="/"');
    }
  });
});

describe('return addresses', () => {
  it('redirects to a path with any characters, percent-encoded, after creating the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      ...form({
        username: 'Umlaut',
        password: 'a long spray phrase',
        returnTo: '/walls?q=Köln 東京#ü',
      }),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/walls?q=K%C3%B6ln%20%E6%9D%B1%E4%BA%AC#%C3%BC');
  });

  it('never redirects a TAB or newline trick to another host', async () => {
    const player = await signUp(t.app, 'TabTrick');
    for (const returnTo of ['/\t/evil.example', '/\r\n/evil.example', '/\t\\evil.example']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        ...form({ username: player.username, password: 'spray-paint-rules-42', returnTo }),
      });
      expect(res.statusCode).toBe(303);
      // Resolved as a browser would, the redirect stays on our host.
      expect(new URL(res.headers.location!, 'https://streetscope.example').host).toBe(
        'streetscope.example',
      );
    }
  });
});

describe('create account', () => {
  it('creates the account, signs in and returns to /', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      ...form({ username: 'NeonRabbit', password: 'a long spray phrase', returnTo: '/' }),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const cookie = res.cookies.find((c) => c.name === 'ss_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    const me = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: `ss_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'NeonRabbit',
      level: 1,
      discoveries: 0,
      tokens: 0,
      profileImageUrl: null,
      isPro: false,
    });
  });

  it('refuses a taken name whatever its case', async () => {
    await signUp(t.app, 'CaseKing');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      ...form({ username: 'caseking', password: 'another fine phrase' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('That username is already taken.');
  });

  it(
    'gives a name to one of 50 simultaneous sign-ups for it, whatever their case',
    { tags: ['concurrency'] },
    async () => {
      const open = await createTestApp({ seed: false, limits: { signUpPerIp: NO_LIMIT } });
      try {
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            open.app.inject({
              method: 'POST',
              url: '/api/signup',
              payload: { username: i % 2 ? 'RaceRay' : 'raceray', password: 'spray paint rules' },
            }),
          ),
        );
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, ...Array(49).fill(409)]);
        for (const r of results.filter((r) => r.statusCode === 409))
          expect(r.json()).toEqual({ message: 'That username is already taken.' });
        const rows = await open.db
          .select()
          .from(users)
          .where(sql`lower(${users.username}) = 'raceray'`);
        expect(rows).toHaveLength(1);
      } finally {
        await open.close();
      }
    },
  );

  it.each([
    ['short1', 'Password must be at least 8 characters.'],
    ['x'.repeat(129), 'Password must be at most 128 characters.'],
    ['password1', 'That password is too common'],
    ['qwertyuiop', 'That password is too common'],
  ])('refuses the weak password %s', async (password, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: `weak_${password.length}_${message.length}`, password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('accepts a long passphrase without composition rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: 'phrase_fan', password: 'all lower case words are fine here' },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['ab', 'at least 3'],
    ['has space', 'letters, digits'],
    ['<script>', 'letters, digits'],
  ])('refuses the username %s', async (username, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username, password: 'perfectly fine phrase' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('password');
  });
});

describe('sign in and out', () => {
  it('signs in, rotates the session, and signs out server-side', async () => {
    const player = await signUp(t.app, 'Rotator');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: player.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=rotator&password=spray-paint-rules-42&returnTo=%2Fprofile',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/profile');
    const fresh = `ss_session=${res.cookies.find((c) => c.name === 'ss_session')?.value}`;
    expect(fresh).not.toBe(player.cookie);
    // The old session id stops working once a new one is issued.
    expect((await player.request({ url: '/api/auth/user' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: fresh } })).statusCode,
    ).toBe(200);

    const out = await t.app.inject({ url: '/api/logout', headers: { cookie: fresh } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: fresh } })).statusCode,
    ).toBe(401);
  });

  it('gives one message for a wrong password and an unknown user', async () => {
    await signUp(t.app, 'Careful');
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'Careful', password: 'not the password' },
    });
    const unknownUser = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'NobodyHere', password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Incorrect username or password.' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it('shows the form again with the error for a browser', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      ...form({ username: 'ghost', password: 'whatever you like' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Incorrect username or password.');
    expect(res.body).toContain('value="ghost"');
  });

  it('refuses state changes from another site', async () => {
    const player = await signUp(t.app);
    const crossSite = await player.request({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await player.request({ url: '/api/auth/user' })).statusCode).toBe(200);
    const sameSite = await player.request({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(303);
  });

  it('asks before signing out when the link came from another site', async () => {
    const player = await signUp(t.app);
    const res = await player.request({
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Do you want to sign out?');
    expect((await player.request({ url: '/api/auth/user' })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('is 401 without a session and with a forged one', async () => {
    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: 'ss_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Unauthorized' });
  });
});
