import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryCodeStatus } from '../../core/schemas/account.ts';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { PASSWORD, signInAgain, whoIs } from '../../../test/sign-in.ts';

/** PUT /api/profile/password and the recovery codes made on the profile. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'neon-rollers-at-dawn-7';
const changePassword = (player: Player, payload?: unknown) =>
  player.request({ method: 'PUT', url: '/api/profile/password', ...(payload ? { payload } : {}) });
const makeCodes = (player: Player, payload?: unknown) =>
  player.request({
    method: 'POST',
    url: '/api/profile/recovery-codes',
    ...(payload ? { payload } : {}),
  });
const codeStatus = async (player: Player) =>
  (await player.request({ url: '/api/profile/recovery-codes' })).json<RecoveryCodeStatus>();
const canSignIn = async (player: Player, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: player.username, password },
    })
  ).statusCode === 200;

describe('changing the password', () => {
  it('signs every other session out and keeps this one', async () => {
    const player = await signUp(t.app);
    const others = [await signInAgain(t.app, player), await signInAgain(t.app, player)];
    const res = await changePassword(player, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await whoIs(other)).toBe(401);
    expect(await whoIs(player)).toBe(player.id);
    expect(await canSignIn(player, PASSWORD)).toBe(false);
    expect(await canSignIn(player, NEW_PASSWORD)).toBe(true);
  });

  it.each([
    ['no body', undefined, 400, /body/],
    ['no current password', { newPassword: NEW_PASSWORD }, 400, /currentPassword/],
    ['no new password', { currentPassword: PASSWORD }, 400, /newPassword/],
    ['a number', { currentPassword: PASSWORD, newPassword: 12345678 }, 400, /newPassword/],
    [
      'a huge password',
      { currentPassword: PASSWORD, newPassword: 'x'.repeat(1001) },
      400,
      /newPassword/,
    ],
    ['too long', { currentPassword: PASSWORD, newPassword: 'x'.repeat(129) }, 400, /at most 128/],
    ['too short', { currentPassword: PASSWORD, newPassword: 'short' }, 400, /at least 8/],
    ['a common one', { currentPassword: PASSWORD, newPassword: 'qwertyuiop' }, 400, /too common/],
    [
      'a wrong current one',
      { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
      403,
      /Incorrect current password/,
    ],
  ])('refuses %s and changes nothing', async (_, payload, status, message) => {
    const player = await signUp(t.app);
    const other = await signInAgain(t.app, player);
    const res = await changePassword(player, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await whoIs(other)).toBe(player.id);
    expect(await canSignIn(player, PASSWORD)).toBe(true);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });

  it('gives a session left open only a few guesses at the password', async () => {
    const player = await signUp(t.app);
    const limit = t.config.rateLimits.signInPerDevice.limit;
    const statuses = [];
    for (let i = 0; i <= limit; i++) {
      const res = await changePassword(player, {
        currentPassword: `guess-number-${i}`,
        newPassword: NEW_PASSWORD,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(403), 429]);
    expect(await canSignIn(player, PASSWORD)).toBe(true);
  });
});

describe('recovery codes on the profile', () => {
  it('start at none, and ten are made once the password is confirmed', async () => {
    const player = await signUp(t.app);
    expect(await codeStatus(player)).toEqual({ remaining: 0, createdAt: null });
    const res = await makeCodes(player, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { codes } = res.json<{ codes: string[] }>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const status = await codeStatus(player);
    expect(status.remaining).toBe(10);
    expect(status.createdAt).not.toBeNull();
    // Shown once: nothing reads them back.
    expect(JSON.stringify(status)).not.toContain(codes[0]);
  });

  it('a new set replaces the old one', async () => {
    const player = await signUp(t.app);
    const first = (await makeCodes(player, { password: PASSWORD })).json<{ codes: string[] }>();
    const second = (await makeCodes(player, { password: PASSWORD })).json<{ codes: string[] }>();
    expect(second.codes).not.toEqual(first.codes);
    expect((await codeStatus(player)).remaining).toBe(10);
    const recover = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/recover',
        payload: { username: player.username, code, password: NEW_PASSWORD },
      });
    expect((await recover(first.codes[0]!)).statusCode).toBe(401);
    expect((await recover(second.codes[0]!)).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined, 400],
    ['no password', {}, 400],
    ['a number', { password: 12345678 }, 400],
    ['a huge password', { password: 'x'.repeat(1001) }, 400],
    ['a wrong password', { password: 'not-my-password' }, 403],
  ])('refuses %s and keeps the codes', async (_, payload, status) => {
    const player = await signUp(t.app);
    await makeCodes(player, { password: PASSWORD });
    const before = await codeStatus(player);
    const res = await makeCodes(player, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).not.toHaveProperty('codes');
    expect(await codeStatus(player)).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/profile/recovery-codes' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/recovery-codes',
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});
