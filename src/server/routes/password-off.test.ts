import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  accountCount,
  callbackUrl,
  providerAccount,
  providerEntry,
} from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';

/** PASSWORD_SIGN_IN=off: only the providers sign players in (docs/decisions/035). */

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [callbackUrl()] });
  t = await createTestApp({
    seed: false,
    config: { passwordSignIn: false, oidcProviders: [providerEntry(provider)] },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

describe('with password sign-in off', () => {
  it('shows only the providers on the sign-in page', async () => {
    for (const mode of ['signin', 'signup', 'recover']) {
      const page = await t.app.inject({ url: `/api/login?mode=${mode}&returnTo=%2Fmap` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('href="/api/login/oidc/test-id?returnTo=%2Fmap"');
      expect(page.body).toContain('Continue with Test ID');
      expect(page.body).not.toContain('type="password"');
      expect(page.body).not.toContain('Create account');
    }
  });

  it('refuses the password forms and creates nothing', async () => {
    const payload = {
      username: 'no_passwords',
      password: 'spray-paint-rules-42',
      code: 'AAAA-BBBB',
    };
    for (const url of ['/api/signup', '/api/login', '/api/recover']) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        message: 'Password sign-in is turned off on this server.',
      });
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=no_passwords&password=spray-paint-rules-42',
    });
    expect(form.statusCode).toBe(403);
    expect(form.body).toContain('Password sign-in is turned off on this server.');
    expect(await accountCount(t.db)).toBe(0);
  });
});

describe('a provider account with password sign-in off', () => {
  it('can neither set a password nor make recovery codes', async () => {
    const b = await providerAccount(t.app, provider, `nopw${process.pid}`);
    const methods = await b.request({ url: '/api/profile/sign-in-methods' });
    expect(methods.json()).toMatchObject({ password: false, passwordSignIn: false });
    const set = await b.request({
      method: 'PUT',
      url: '/api/profile/password',
      payload: { newPassword: 'chalk-lines-on-brick-9' },
    });
    const codes = await b.request({
      method: 'POST',
      url: '/api/profile/recovery-codes',
      payload: { password: 'chalk-lines-on-brick-9' },
    });
    for (const res of [set, codes]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Password sign-in is turned off on this server.' });
    }
    const status = await b.request({ url: '/api/profile/recovery-codes' });
    expect(status.json()).toMatchObject({ remaining: 0, createdAt: null });
  });
});

describe('with password sign-in on', () => {
  it('offers the providers beside the password form', async () => {
    const on = await createTestApp({
      seed: false,
      config: { oidcProviders: [providerEntry(provider)] },
    });
    try {
      const page = await on.app.inject({ url: '/api/login' });
      expect(page.body).toContain('Continue with Test ID');
      expect(page.body).toContain('type="password"');
    } finally {
      await on.close();
    }
  });
});
