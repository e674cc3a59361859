import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import {
  OidcBrowser,
  TEST_PROVIDER_ID,
  appWithProvider,
  callbackUrl,
} from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { PASSWORD, signInAgain } from '../../../test/sign-in.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';

/**
 * The cookie the page reads to know it holds a session (docs/decisions/041): set by every way
 * in, gone with the session however it ends, and a signed-out page never has to ask.
 */

let provider: TestOidcProvider;
let t: TestApp;
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-client-'));
copyFileSync(
  new URL('../../client/index.html', import.meta.url),
  path.join(clientDir, 'index.html'),
);

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [callbackUrl()] });
  t = await appWithProvider(provider, { config: { clientDir } });
});
afterAll(async () => {
  await t.close();
  await provider.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const HINT = 'ss_signed_in';
const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name);

/** The answer signed the browser in: the session cookie and, beside it, the readable hint. */
function expectHintSet(res: LightMyRequestResponse) {
  const session = cookieOf(res, 'ss_session');
  expect(session?.value).toBeTruthy();
  expect(cookieOf(res, HINT)).toEqual({
    name: HINT,
    value: '1',
    path: '/',
    sameSite: 'Lax',
    maxAge: session?.maxAge,
  });
}

function expectBothCleared(res: LightMyRequestResponse) {
  for (const name of ['ss_session', HINT]) {
    const cleared = cookieOf(res, name);
    expect(cleared?.value, name).toBe('');
    expect(cleared?.expires?.getTime(), name).toBeLessThan(Date.now());
  }
}

/** A request from a browser holding this player's session and its hint. */
const asBrowser = (player: Player, opts: InjectOptions = {}) =>
  t.app.inject({ ...opts, headers: { cookie: `${player.cookie}; ${HINT}=1` } });

const who = (cookie?: string) =>
  t.app.inject({ url: '/api/auth/user', ...(cookie ? { headers: { cookie } } : {}) });

let address = 0;
const nextAddress = () => `198.51.100.${++address % 250}`;

describe('every way in sets the hint beside the session', () => {
  it('sign-up, and password sign-in by JSON and by form', async () => {
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: `hint_${process.pid}`, password: PASSWORD },
    });
    expectHintSet(signUpRes);

    const player = await signUp(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextAddress(),
      payload: { username: player.username, password: PASSWORD },
    });
    expect(json.statusCode).toBe(200);
    expectHintSet(json);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: player.username, password: PASSWORD }).toString(),
    });
    expect(form.statusCode).toBe(303);
    expectHintSet(form);
  });

  it('a wrong password sets neither', async () => {
    const player = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextAddress(),
      payload: { username: player.username, password: 'not the password at all' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toEqual([]);
  });

  it('a recovery code', async () => {
    const player = await signUp(t.app);
    const codes = await player.request({
      method: 'POST',
      url: '/api/profile/recovery-codes',
      payload: { password: PASSWORD },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recover',
      remoteAddress: nextAddress(),
      payload: {
        username: player.username,
        code: codes.json<{ codes: string[] }>().codes[0],
        password: 'neon-rollers-at-dawn-7',
      },
    });
    expect(res.statusCode).toBe(200);
    expectHintSet(res);
  });

  it('a passkey', async () => {
    const player = await signUp(t.app);
    const authenticator = new SoftwareAuthenticator();
    const registration = await player.request({
      method: 'POST',
      url: '/api/profile/passkeys/options',
    });
    const added = await player.request({
      method: 'POST',
      url: '/api/profile/passkeys',
      payload: { response: authenticator.create(registration.json().options) },
    });
    expect(added.statusCode).toBe(201);
    const options = await t.app.inject({ method: 'POST', url: '/api/passkeys/sign-in/options' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys/sign-in',
      payload: { response: authenticator.get(options.json().options) },
    });
    expect(res.statusCode).toBe(200);
    expectHintSet(res);
  });

  it('an OpenID provider: a new account once its name is chosen, then the same identity again', async () => {
    const login = `hinted${process.pid}`;
    const first = new OidcBrowser(t.app, provider);
    const back = await first.callback(
      await first.atProvider(await first.start(TEST_PROVIDER_ID), login),
    );
    // Not signed in yet while the name is being chosen.
    expect(cookieOf(back, HINT)).toBeUndefined();
    expectHintSet(await first.chooseUsername(`${login}_p`));

    const again = new OidcBrowser(t.app, provider);
    const res = await again.callback(
      await again.atProvider(await again.start(TEST_PROVIDER_ID), login),
    );
    expect(res.statusCode).toBe(303);
    expectHintSet(res);
  });
});

describe('the hint goes with the session', () => {
  it('signing out, by link or by post', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const player = await signUp(t.app);
      const res = await asBrowser(player, { method, url: '/api/logout' });
      expect(res.statusCode).toBe(303);
      expectBothCleared(res);
    }
  });

  it('deleting the account', async () => {
    const player = await signUp(t.app);
    const res = await asBrowser(player, {
      method: 'DELETE',
      url: '/api/profile',
      payload: { username: player.username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expectBothCleared(res);
  });

  it('ending this session from the list clears it here; ending another leaves it', async () => {
    const player = await signUp(t.app);
    const other = await signInAgain(t.app, player);
    const sessions = (await player.request({ url: '/api/profile/sessions' })).json<
      { id: string; current: boolean }[]
    >();
    const end = (id: string) =>
      asBrowser(player, { method: 'DELETE', url: `/api/profile/sessions/${id}` });

    const elsewhere = await end(sessions.find((s) => !s.current)!.id);
    expect(elsewhere.statusCode).toBe(204);
    expect(elsewhere.cookies).toEqual([]);
    expect((await who(other.cookie)).statusCode).toBe(401);

    const here = await end(sessions.find((s) => s.current)!.id);
    expect(here.statusCode).toBe(204);
    expectBothCleared(here);
  });
});

describe('a stale hint ends as signed out, once', () => {
  it('a session ended elsewhere: the one 401 clears both cookies', async () => {
    const player = await signUp(t.app);
    const other = await signInAgain(t.app, player);
    const endOthers = await other.request({
      method: 'POST',
      url: '/api/profile/sessions/end-others',
    });
    expect(endOthers.statusCode).toBe(200);

    const res = await asBrowser(player, { url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expectBothCleared(res);
  });

  it('a hint with no session (expired, or written by hand) is no session, and is cleared', async () => {
    for (const cookie of [`${HINT}=1`, `${HINT}=anything`, `ss_session=forged; ${HINT}=1`]) {
      const res = await who(cookie);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expectBothCleared(res);
    }
  });

  it('an API client with no cookie gets the plain 401 the SPEC names, and no cookies', async () => {
    const res = await who();
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a live session is answered as before and keeps its cookies', async () => {
    const player = await signUp(t.app);
    const res = await asBrowser(player, { url: '/api/auth/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: string }>().id).toBe(player.id);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the page', () => {
  const PRELOAD = '<link rel="preload" href="/api/auth/user"';

  it('gives a session without a hint (from before the hint existed) its hint', async () => {
    const player = await signUp(t.app);
    const res = await t.app.inject({ url: '/profile', headers: { cookie: player.cookie } });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, HINT)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(cookieOf(res, HINT)?.httpOnly).toBeUndefined();

    for (const cookie of [`${player.cookie}; ${HINT}=1`, undefined]) {
      const page = await t.app.inject({ url: '/', ...(cookie ? { headers: { cookie } } : {}) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['set-cookie'], cookie).toBeUndefined();
    }
  });

  it('starts the early auth check only where the app will ask', async () => {
    const player = await signUp(t.app);
    for (const url of ['/', '/onboarding', '/profile']) {
      const signedOut = await t.app.inject({ url });
      expect(signedOut.statusCode, url).toBe(200);
      expect(signedOut.headers.vary, url).toContain('Cookie');
      expect(signedOut.body, url).not.toContain(PRELOAD);
      expect(signedOut.body, url).toContain('<div id="root">');
      for (const cookie of [player.cookie, `${HINT}=1`]) {
        const page = await t.app.inject({ url, headers: { cookie } });
        expect(page.body, `${url} ${cookie}`).toContain(PRELOAD);
      }
    }
  });
});

describe('under https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({
      seed: false,
      config: { publicUrl: 'https://streetscope.example' },
    });
  });
  afterAll(() => https.close());

  it('is a __Host- cookie, Secure, readable by the page, and cleared with every attribute', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: `secure_${process.pid}`, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const hint = cookieOf(res, `__Host-${HINT}`);
    expect(hint).toMatchObject({ value: '1', path: '/', secure: true, sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeUndefined();

    const out = await https.app.inject({ method: 'POST', url: '/api/logout' });
    const cleared = cookieOf(out, `__Host-${HINT}`);
    expect(cleared).toMatchObject({ value: '', path: '/', secure: true, sameSite: 'Lax' });
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
  });
});
