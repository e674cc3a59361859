import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { count } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { NO_LIMIT, createTestApp, type TestApp } from './app.ts';
import { users } from '../src/server/db/schema.ts';
import type { TestOidcProvider } from './oidc-provider.ts';

/**
 * A browser against the app (injected requests) that keeps its cookies, and walks an OpenID
 * Connect sign-in through the real provider of test/oidc-provider.ts.
 */
export class OidcBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly provider: TestOidcProvider,
    readonly remoteAddress = '192.0.2.10',
  ) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      remoteAddress: this.remoteAddress,
      ...opts,
      headers: { ...opts.headers, ...(cookie ? { cookie } : {}) },
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) {
        this.cookies.delete(c.name);
      } else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** "Continue with …": the provider's authorization URL we were sent to. */
  async start(providerId: string, returnTo?: string): Promise<string> {
    const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
    const res = await this.request({ url: `/api/login/oidc/${providerId}${query}` });
    if (res.statusCode !== 303) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
    return res.headers.location as string;
  }

  /** Signs in at the provider as `login`: the callback path (with code and state) to open. */
  async atProvider(authorizationUrl: string, login: string): Promise<string> {
    const back = new URL(await this.provider.signIn(authorizationUrl, login));
    return `${back.pathname}${back.search}`;
  }

  callback(path: string): Promise<LightMyRequestResponse> {
    return this.request({ url: path });
  }

  chooseUsername(username: string): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url: '/api/login/oidc/username',
      payload: { username },
    });
  }

  /** The signed-in player's id and username, or null. */
  async me(): Promise<{ id: string; username: string } | null> {
    const res = await this.request({ url: '/api/auth/user' });
    return res.statusCode === 200 ? res.json() : null;
  }
}

/** A new player who signed in through the provider as `login` and chose `<login>_p` as username. */
export async function providerAccount(
  app: FastifyInstance,
  provider: TestOidcProvider,
  login: string,
): Promise<OidcBrowser> {
  const b = new OidcBrowser(app, provider);
  await b.callback(await b.atProvider(await b.start(TEST_PROVIDER_ID), login));
  const res = await b.chooseUsername(`${login}_p`);
  if (res.statusCode !== 303) throw new Error(`username refused: ${res.body}`);
  return b;
}

export async function accountCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export const TEST_PROVIDER_ID = 'test-id';
export const TEST_PROVIDER_NAME = 'Test ID';

/** The app's configuration entry for a test provider. */
export const providerEntry = (provider: TestOidcProvider, id = TEST_PROVIDER_ID) => ({
  id,
  name: TEST_PROVIDER_NAME,
  issuerUrl: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
});

/** The callback our test apps (PUBLIC_URL http://localhost:3000) register with the provider. */
export const callbackUrl = (id = TEST_PROVIDER_ID) =>
  `http://localhost:3000/api/login/oidc/${id}/callback`;

/** A test app offering `provider`, with the sign-in and sign-up limits lifted unless `options` sets them. */
export function appWithProvider(
  provider: TestOidcProvider,
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  return createTestApp({
    seed: false,
    limits: { oidcPerIp: NO_LIMIT, signUpPerIp: NO_LIMIT },
    ...options,
    config: { oidcProviders: [providerEntry(provider)], ...options.config },
  });
}
