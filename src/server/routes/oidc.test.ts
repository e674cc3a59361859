import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestApp } from '../../../test/app.ts';
import {
  OidcBrowser,
  TEST_PROVIDER_ID as ID,
  accountCount,
  callbackUrl,
  appWithProvider,
  providerAccount,
} from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';

/** Signing in through a real OpenID Connect provider run in this process. */

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [callbackUrl()] });
  t = await appWithProvider(provider);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let n = 0;
const login = () => `walker${process.pid}x${++n}`;
const browser = () => new OidcBrowser(t.app, provider);

describe('a first sign-in through a provider', () => {
  it('asks for a username, creates the account and signs in; the same identity comes back to it', async () => {
    const who = login();
    const b = browser();
    const auth = new URL(await b.start(ID, '/artists?page=2'));
    expect(auth.origin).toBe(provider.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    const before = await accountCount(t.db);
    const back = await b.callback(await b.atProvider(auth.toString(), who));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/api/login/oidc/username');
    expect(await b.me()).toBeNull();
    expect(await accountCount(t.db)).toBe(before);

    const page = await b.request({ url: '/api/login/oidc/username' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a username');
    expect(page.body).toContain(`value="${who}"`);

    const created = await b.chooseUsername(`${who}_art`);
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/artists?page=2');
    const me = await b.me();
    expect(me?.username).toBe(`${who}_art`);
    expect(await accountCount(t.db)).toBe(before + 1);

    const again = browser();
    const res = await again.callback(await again.atProvider(await again.start(ID), who));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect((await again.me())?.id).toBe(me?.id);
    expect(await accountCount(t.db)).toBe(before + 1);
  });
});

/** A new player who signed in through the provider as `who` and chose a username. */
const providerPlayer = (who = login()): Promise<OidcBrowser> =>
  providerAccount(t.app, provider, who);

describe('choosing the username', () => {
  it('refuses a taken or malformed name on the page and keeps the sign-in for another try', async () => {
    const taken = await signUp(t.app);
    const b = browser();
    await b.callback(await b.atProvider(await b.start(ID), login()));
    const before = await accountCount(t.db);

    const clash = await b.chooseUsername(taken.username.toUpperCase());
    expect(clash.statusCode).toBe(409);
    expect(clash.body).toContain('That username is already taken.');
    const bad = await b.chooseUsername('a b');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Username may use letters, digits, dot, dash and underscore.');
    const long = await b.chooseUsername('x'.repeat(31));
    expect(long.statusCode).toBe(400);
    expect(await accountCount(t.db)).toBe(before);
    expect(await b.me()).toBeNull();

    const ok = await b.chooseUsername(`fresh${process.pid}x${++n}`);
    expect(ok.statusCode).toBe(303);
    expect(await accountCount(t.db)).toBe(before + 1);
    // The waiting sign-in is spent: a second account cannot be made from it.
    const again = await b.chooseUsername(`fresh${process.pid}x${++n}`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This sign-in has expired or was already used.');
    expect(await accountCount(t.db)).toBe(before + 1);
  });

  it('has nothing to offer a browser that did not come back from the provider', async () => {
    const stranger = browser();
    const page = await stranger.request({ url: '/api/login/oidc/username' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This sign-in has expired or was already used.');
    const before = await accountCount(t.db);
    const post = await stranger.chooseUsername('nobody_here');
    expect(post.statusCode).toBe(400);
    expect(await accountCount(t.db)).toBe(before);
  });
});

describe('sign-in methods on the profile', () => {
  const methods = async (b: { request: OidcBrowser['request'] }) =>
    (await b.request({ url: '/api/profile/sign-in-methods' })).json<{
      password: boolean;
      providers: { id: string; name: string; linkedAt: string | null }[];
    }>();

  async function link(b: OidcBrowser, who: string) {
    const res = await b.request({ method: 'POST', url: `/api/profile/sign-in-methods/${ID}/link` });
    expect(res.statusCode).toBe(200);
    return b.callback(await b.atProvider(res.json<{ url: string }>().url, who));
  }

  /** A password player in a browser of our own. */
  async function passwordPlayer(): Promise<OidcBrowser> {
    const player = await signUp(t.app);
    const b = browser();
    const [name, value] = player.cookie.split('=') as [string, string];
    b.cookies.set(name, value);
    return b;
  }

  it('links a provider to a password account; it then signs in to that account, and unlinks', async () => {
    const b = await passwordPlayer();
    const me = await b.me();
    expect(await methods(b)).toEqual({
      password: true,
      passwordSignIn: true,
      passkey: false,
      providers: [{ id: ID, name: 'Test ID', linkedAt: null }],
    });
    const who = login();
    const back = await link(b, who);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/profile?linked&provider=${ID}`);
    expect((await methods(b)).providers[0]?.linkedAt).toEqual(expect.any(String));
    // Still the same player here.
    expect((await b.me())?.id).toBe(me?.id);

    const elsewhere = browser();
    await elsewhere.callback(await elsewhere.atProvider(await elsewhere.start(ID), who));
    expect((await elsewhere.me())?.id).toBe(me?.id);

    const again = await b.request({
      method: 'POST',
      url: `/api/profile/sign-in-methods/${ID}/link`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Test ID is already linked to your account.' });

    const unlink = await b.request({ method: 'DELETE', url: `/api/profile/sign-in-methods/${ID}` });
    expect(unlink.statusCode).toBe(204);
    expect((await methods(b)).providers[0]?.linkedAt).toBeNull();
    const twice = await b.request({ method: 'DELETE', url: `/api/profile/sign-in-methods/${ID}` });
    expect(twice.statusCode).toBe(404);
    // The identity is no longer the account's: a sign-in with it asks for a new username.
    const after = browser();
    const res = await after.callback(await after.atProvider(await after.start(ID), who));
    expect(res.headers.location).toBe('/api/login/oidc/username');
    expect(await after.me()).toBeNull();
  });

  it('keeps the last way to sign in: a provider-only account cannot unlink it', async () => {
    const b = await providerPlayer();
    expect((await methods(b)).password).toBe(false);
    const res = await b.request({ method: 'DELETE', url: `/api/profile/sign-in-methods/${ID}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This is your only way to sign in. Add a password or link another provider first.',
    });
    expect((await methods(b)).providers[0]?.linkedAt).toEqual(expect.any(String));
  });

  it('lets a provider-only account set a first password, sign in with it, then unlink', async () => {
    const b = await providerPlayer();
    const me = await b.me();
    const first = 'chalk-lines-on-brick-9';
    const weak = await b.request({
      method: 'PUT',
      url: '/api/profile/password',
      payload: { newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect((await methods(b)).password).toBe(false);

    const set = await b.request({
      method: 'PUT',
      url: '/api/profile/password',
      payload: { newPassword: first },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ ended: 0 });
    expect((await methods(b)).password).toBe(true);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: me?.username, password: first },
    });
    expect(signIn.statusCode).toBe(200);

    // Now it is a change: the first password is asked for.
    const again = await b.request({
      method: 'PUT',
      url: '/api/profile/password',
      payload: { newPassword: 'another-wall-another-day' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/currentPassword/);
    const unlink = await b.request({ method: 'DELETE', url: `/api/profile/sign-in-methods/${ID}` });
    expect(unlink.statusCode).toBe(204);
    expect((await b.me())?.id).toBe(me?.id);
  });

  it('refuses an identity already linked to another account, and links nothing', async () => {
    const who = login();
    const owner = await providerPlayer(who);
    const other = await passwordPlayer();
    const before = await accountCount(t.db);
    const back = await link(other, who);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/profile?linkError=linked-elsewhere&provider=${ID}`);
    expect((await methods(other)).providers[0]?.linkedAt).toBeNull();
    expect((await methods(owner)).providers[0]?.linkedAt).toEqual(expect.any(String));
    expect(await accountCount(t.db)).toBe(before);
  });

  it('answers only signed-in players and known providers', async () => {
    const anonymous = browser();
    expect((await anonymous.request({ url: '/api/profile/sign-in-methods' })).statusCode).toBe(401);
    const link = await anonymous.request({
      method: 'POST',
      url: `/api/profile/sign-in-methods/${ID}/link`,
    });
    expect(link.statusCode).toBe(401);
    const b = await passwordPlayer();
    for (const provider of ['nope', 'NOPE', 'x'.repeat(40)]) {
      const res = await b.request({
        method: 'POST',
        url: `/api/profile/sign-in-methods/${provider}/link`,
      });
      expect(res.statusCode, provider).toBeOneOf([400, 404]);
      const del = await b.request({
        method: 'DELETE',
        url: `/api/profile/sign-in-methods/${provider}`,
      });
      expect(del.statusCode, provider).toBeOneOf([400, 404]);
    }
  });
});
