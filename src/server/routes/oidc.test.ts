import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { OidcBrowser, accountCount } from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';

/** Signing in through a real OpenID Connect provider run in this process. */

let provider: TestOidcProvider;
let t: TestApp;
const ID = 'test-id';

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`http://localhost:3000/api/login/oidc/${ID}/callback`],
  });
  t = await createTestApp({
    seed: false,
    config: {
      oidcProviders: [
        {
          id: ID,
          name: 'Test ID',
          issuerUrl: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
        },
      ],
    },
  });
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
