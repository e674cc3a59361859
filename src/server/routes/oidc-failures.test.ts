import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, createTestApp } from '../../../test/app.ts';
import {
  OidcBrowser,
  TEST_PROVIDER_ID as ID,
  accountCount,
  callbackUrl,
  appWithProvider,
  providerEntry,
} from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { oidcPendingSignIns } from '../db/oidc-schema.ts';

/** Every way an OpenID Connect sign-in can go wrong: each says why and creates no account. */

let provider: TestOidcProvider;
let t: TestApp;
const opened: TestApp[] = [];

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [callbackUrl()] });
  t = await app();
});
afterAll(async () => {
  for (const a of opened) await a.close();
  await provider.close();
});

async function app(config: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const a = await appWithProvider(provider, config);
  opened.push(a);
  return a;
}

let n = 0;
const login = () => `failing${process.pid}x${++n}`;
const VERIFY_FAILED = 'The answer from Test ID could not be verified. Please start again.';
const EXPIRED = 'This sign-in has expired or was already used. Please start again.';

/** Signs in at the provider: the browser and the callback path it was sent back to. */
async function backFromProvider(a: TestApp = t, returnTo?: string) {
  const b = new OidcBrowser(a.app, provider);
  const path = await b.atProvider(await b.start(ID, returnTo), login());
  return { b, path };
}

const withState = (path: string, state: string) => {
  const url = new URL(path, 'http://localhost');
  url.searchParams.set('state', state);
  return `${url.pathname}${url.search}`;
};

describe('a callback that cannot be trusted', () => {
  it('refuses a wrong state, and the right one still works afterwards', async () => {
    const { b, path } = await backFromProvider();
    const before = await accountCount(t.db);
    const wrong = await b.callback(withState(path, 'made-up-state'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(EXPIRED);
    const missing = await b.callback(path.replace(/state=[^&]+&?/, ''));
    expect(missing.statusCode).toBe(400);
    expect(await accountCount(t.db)).toBe(before);
    expect((await b.callback(path)).headers.location).toBe('/api/login/oidc/username');
  });

  it('refuses a callback opened in another browser than the one that started', async () => {
    const { path } = await backFromProvider();
    const before = await accountCount(t.db);
    const other = new OidcBrowser(t.app, provider);
    const res = await other.callback(path);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(EXPIRED);
    expect(await accountCount(t.db)).toBe(before);
  });

  it('accepts a callback once: the same one again is refused', async () => {
    const { b, path } = await backFromProvider();
    expect((await b.callback(path)).statusCode).toBe(303);
    const replay = await b.callback(path);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(EXPIRED);
  });

  it('refuses a spent code brought back with a new state: the provider will not redeem it twice', async () => {
    const { b, path } = await backFromProvider();
    expect((await b.callback(path)).statusCode).toBe(303);
    const before = await accountCount(t.db);
    const fresh = new URL(await b.start(ID)).searchParams.get('state')!;
    const res = await b.callback(withState(path, fresh));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(VERIFY_FAILED);
    expect(await accountCount(t.db)).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const { b, path } = await backFromProvider();
    await t.db.update(oidcPendingSignIns).set({ nonce: 'another-nonce' });
    const before = await accountCount(t.db);
    const res = await b.callback(path);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(VERIFY_FAILED);
    expect(await b.request({ url: '/api/login/oidc/username' })).toHaveProperty('statusCode', 400);
    expect(await accountCount(t.db)).toBe(before);
  });

  it('refuses an expired ID token', async () => {
    // Our clock two hours ahead of the provider's: its one-hour ID tokens arrive expired.
    const late = await app({ config: { oidcClockSkewSeconds: 2 * 3600 } });
    const { b, path } = await backFromProvider(late);
    const res = await b.callback(path);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(VERIFY_FAILED);
    expect(await accountCount(late.db)).toBe(0);
    expect(await b.request({ url: '/api/login/oidc/username' })).toHaveProperty('statusCode', 400);
  });

  it('says so when the player turned the provider down, and spends that sign-in', async () => {
    const b = new OidcBrowser(t.app, provider);
    const state = new URL(await b.start(ID)).searchParams.get('state')!;
    const path = `/api/login/oidc/${ID}/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
    const res = await b.callback(path);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Test ID did not sign you in. Please try again.');
    expect((await b.callback(path)).body).toContain(EXPIRED);
  });

  it('sends the player back only to a path on this site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { b, path } = await backFromProvider(t, returnTo);
      await b.callback(path);
      const res = await b.chooseUsername(`safe${process.pid}x${++n}`);
      expect(res.statusCode, returnTo).toBe(303);
      expect(res.headers.location, returnTo).toBe('/');
    }
  });
});

describe('a provider that is not answering', () => {
  it('says so, starts nothing, and is tried again by the next sign-in', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const issuerUrl = `http://127.0.0.1:${port}`;
    const down = await app({
      config: {
        oidcProviders: [{ ...providerEntry(provider), name: 'Down ID', issuerUrl }],
      },
    });
    const b = new OidcBrowser(down.app, provider);
    const page = await down.app.inject({ url: '/api/login' });
    expect(page.body).toContain('Continue with Down ID');
    const res = await b.request({ url: `/api/login/oidc/${ID}` });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Down ID is not answering — try again in a few minutes.');
    const [pending] = await down.db.select({ n: count() }).from(oidcPendingSignIns);
    expect(pending?.n).toBe(0);
    expect(await accountCount(down.db)).toBe(0);

    const back = await startOidcProvider({ redirectUris: [callbackUrl()], port });
    try {
      const again = await b.request({ url: `/api/login/oidc/${ID}` });
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toContain(issuerUrl);
    } finally {
      await back.close();
    }
  });
});

describe('limits and unknown providers', () => {
  it('counts starts and callbacks from one address, like other sign-in attempts', async () => {
    const limited = await app({ limits: { oidcPerIp: { limit: 2, windowSeconds: 900 } } });
    const b = new OidcBrowser(limited.app, provider);
    await b.start(ID);
    await b.start(ID);
    const res = await b.request({ url: `/api/login/oidc/${ID}` });
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
    const callback = await b.request({ url: `/api/login/oidc/${ID}/callback?state=x&code=y` });
    expect(callback.statusCode).toBe(429);
  });

  it('knows only the configured providers', async () => {
    for (const path of ['/api/login/oidc/other', '/api/login/oidc/other/callback?state=x']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
    }
    for (const path of [
      '/api/login/oidc/UPPER',
      `/api/login/oidc/${ID}?returnTo=${'a'.repeat(600)}`,
    ]) {
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(400);
    }
  });
});
