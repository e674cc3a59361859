import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodeStatus } from '../../core/schemas/account.ts';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { PASSWORD, sessionFrom, signInAgain, whoIs } from '../../../test/sign-in.ts';

/** POST /api/recover: "Forgot password?" with a recovery code, once per code. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'neon-rollers-at-dawn-7';
let address = 0;
/** Each call from an address of its own, so only the limits a test is about come into play. */
const recover = (payload?: unknown, remoteAddress = `198.51.100.${++address % 250}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/recover',
    remoteAddress,
    ...(payload ? { payload } : {}),
  });
const canSignIn = async (player: Player, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.200',
      payload: { username: player.username, password },
    })
  ).statusCode === 200;

async function playerWithCodes(): Promise<{ player: Player; codes: string[] }> {
  const player = await signUp(t.app);
  const res = await player.request({
    method: 'POST',
    url: '/api/profile/recovery-codes',
    payload: { password: PASSWORD },
  });
  return { player, codes: res.json<{ codes: string[] }>().codes };
}
const remaining = async (player: Player) =>
  (await player.request({ url: '/api/profile/recovery-codes' })).json<RecoveryCodeStatus>()
    .remaining;

describe('getting back in with a recovery code', () => {
  it('sets the new password, ends every session and signs in; the code works once', async () => {
    const { player, codes } = await playerWithCodes();
    const otherDevice = await signInAgain(t.app, player);
    const res = await recover({
      username: player.username,
      code: codes[3],
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, returnTo: '/' });
    expect(await whoIs(sessionFrom(t.app, player, res))).toBe(player.id);
    expect(await whoIs(player)).toBe(401);
    expect(await whoIs(otherDevice)).toBe(401);
    expect(await canSignIn(player, PASSWORD)).toBe(false);
    expect(await canSignIn(player, NEW_PASSWORD)).toBe(true);

    const again = await recover({ username: player.username, code: codes[3], password: PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Incorrect username or recovery code.' });
    expect(await canSignIn(player, NEW_PASSWORD)).toBe(true);
  });

  it('takes a code in any case, with or without the dash', async () => {
    const { player, codes } = await playerWithCodes();
    const typed = ` ${codes[0]!.replace('-', '').toLowerCase()} `;
    const res = await recover({
      username: player.username.toUpperCase(),
      code: typed,
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const signedIn = await signInAgain(t.app, player, { password: NEW_PASSWORD });
    expect(await remaining(signedIn)).toBe(9);
  });

  it('a form post lands where it was going, signed in', async () => {
    const { player, codes } = await playerWithCodes();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recover',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: player.username,
        code: codes[1]!,
        password: NEW_PASSWORD,
        returnTo: '/profile',
      }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/profile');
    expect(res.cookies.find((c) => c.name === 'ss_session')?.value).toBeTruthy();
  });

  it('shows the form on the sign-in page, linked from "Forgot password?"', async () => {
    const signIn = await t.app.inject({ url: '/api/login' });
    expect(signIn.body).toContain('href="/api/login?mode=recover&amp;returnTo=%2F"');
    const page = await t.app.inject({ url: '/api/login?mode=recover' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/api/recover"');
    expect(page.body).toContain('name="code"');
  });
});

describe('what is refused, changing nothing', () => {
  let player: Player;
  let codes: string[];
  beforeAll(async () => {
    ({ player, codes } = await playerWithCodes());
  });
  const unchanged = async () => {
    expect(await whoIs(player)).toBe(player.id);
    expect(await remaining(player)).toBe(10);
    expect(await canSignIn(player, PASSWORD)).toBe(true);
  };

  it.each([
    ['no body', () => undefined, 400],
    ['no code', () => ({ username: player.username, password: NEW_PASSWORD }), 400],
    ['no username', () => ({ code: codes[0], password: NEW_PASSWORD }), 400],
    ['no password', () => ({ username: player.username, code: codes[0] }), 400],
    [
      'a code as a number',
      () => ({ username: player.username, code: 12345678, password: NEW_PASSWORD }),
      400,
    ],
    [
      'a huge code',
      () => ({ username: player.username, code: 'A'.repeat(101), password: NEW_PASSWORD }),
      400,
    ],
    [
      'a huge username',
      () => ({ username: 'a'.repeat(201), code: codes[0], password: NEW_PASSWORD }),
      400,
    ],
    [
      'a short new password',
      () => ({ username: player.username, code: codes[0], password: 'short' }),
      400,
    ],
    [
      'a common new password',
      () => ({ username: player.username, code: codes[0], password: 'qwertyuiop' }),
      400,
    ],
    [
      'a wrong code',
      () => ({ username: player.username, code: 'ABCD-EFGH', password: NEW_PASSWORD }),
      401,
    ],
    [
      'a code of the wrong shape',
      () => ({ username: player.username, code: 'not a code', password: NEW_PASSWORD }),
      401,
    ],
    [
      'an unknown name',
      () => ({ username: 'nobody_here_at_all', code: codes[0], password: NEW_PASSWORD }),
      401,
    ],
  ])('refuses %s', async (_, payload, status) => {
    const res = await recover(payload());
    expect(res.statusCode).toBe(status);
    expect(res.cookies.find((c) => c.name === 'ss_session')).toBeUndefined();
    await unchanged();
  });

  it('a code of another player is a wrong code', async () => {
    const other = await playerWithCodes();
    const res = await recover({
      username: player.username,
      code: other.codes[0],
      password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    await unchanged();
    expect(await remaining(other.player)).toBe(10);
  });

  it('a player without codes is refused like any wrong code', async () => {
    const bare = await signUp(t.app);
    const res = await recover({ username: bare.username, code: codes[0], password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Incorrect username or recovery code.' });
    expect(await whoIs(bare)).toBe(bare.id);
  });

  it('wrong codes count against the sign-in limits', async () => {
    const { limit } = t.config.rateLimits.signInPerNameAndIp;
    const target = await playerWithCodes();
    const statuses = [];
    for (let i = 0; i <= limit; i++) {
      const res = await recover(
        {
          username: target.player.username,
          code: `ZZZZ-ZZ${'23456789ABC'[i % 11]}Z`,
          password: NEW_PASSWORD,
        },
        '192.0.2.77',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(401), 429]);
    // Even the right code waits now, from this address; the limit says so, not "wrong code".
    const right = await recover(
      { username: target.player.username, code: target.codes[0], password: NEW_PASSWORD },
      '192.0.2.77',
    );
    expect(right.statusCode).toBe(429);
    expect(await remaining(target.player)).toBe(10);
  });
});

describe('one code, many at once', () => {
  it('lets exactly one of 25 simultaneous uses through', { tags: ['concurrency'] }, async () => {
    const { player, codes } = await playerWithCodes();
    const passwords = Array.from({ length: 25 }, (_, i) => `racing-password-${i}-xyz`);
    const results = await Promise.all(
      passwords.map((password, i) =>
        recover({ username: player.username, code: codes[0], password }, `192.0.2.${100 + i}`),
      ),
    );
    const winners = results.flatMap((res, i) => (res.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 401)).toHaveLength(24);
    // The winner's password is the one set; the code is spent.
    expect(await canSignIn(player, passwords[winners[0]!]!)).toBe(true);
    const signedIn = await signInAgain(t.app, player, { password: passwords[winners[0]!] });
    expect(await remaining(signedIn)).toBe(9);
  });
});
