import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account, type Interaction } from 'oidc-provider';

const signingKey = {
  ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  use: 'sig',
  alg: 'RS256',
};

/**
 * A real OpenID Connect provider (`oidc-provider`) run in this process on a local port, with one
 * client that must use PKCE. Its login page is a minimal form: whatever name is typed is the
 * account (the subject), and consent is given with the login. Used by the API tests and, via
 * e2e/oidc-server.ts, by the browser tests.
 */
export interface TestOidcProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /**
   * Follows the authorization URL through the login form as a browser would, signing in as
   * `login`: the URL the provider sends the browser back to (our callback, with code and state).
   */
  signIn(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'streetscope';
  const clientSecret = options.clientSecret ?? 'streetscope-test-secret-that-is-long-enough';
  const holder: { provider?: Provider } = {};
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(holder.provider!, req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    holder.provider!.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: Interaction) => `/interaction/${i.uid}` },
    cookies: { keys: ['streetscope-test-provider-cookie-key'] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string): Account => ({
      accountId: id,
      claims: () => ({ sub: id, preferred_username: id, name: id }),
    }),
  });
  holder.provider = provider;
  return {
    issuer,
    port,
    clientId,
    clientSecret,
    signIn: (url, login) => followSignIn(url, login),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const LOGIN_FORM = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test provider · Sign in</title></head>
<body style="font-family:system-ui;max-width:360px;margin:40px auto;padding:0 16px">
<h1>Test provider</h1>
<form method="post" action="/interaction/${uid}/login">
<label for="login">Account name</label><br>
<input id="login" name="login" required autofocus style="width:100%;min-height:40px"><br><br>
<button type="submit" style="min-height:40px">Sign in</button>
</form></body></html>`;

/** The login page, and its form's answer: signed in as the typed name, consent given. */
async function interaction(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(LOGIN_FORM(details.uid));
    return;
  }
  let body = '';
  for await (const chunk of req) body += String(chunk);
  const login = new URLSearchParams(body).get('login')?.trim() || 'anonymous';
  const clientId = String(details.params.client_id);
  const grant = new provider.Grant({ accountId: login, clientId });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: login }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** A tiny cookie jar: every cookie the provider set, sent back on each request. */
async function followSignIn(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect`);
    return new URL(location, url).toString();
  };
  const loginPage = await step(authorizationUrl);
  const { origin } = new URL(authorizationUrl);
  const resume = await step(`${loginPage}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login }).toString(),
  });
  let next = resume;
  // The provider may pass through its own endpoints before sending the browser back to us.
  while (next.startsWith(origin)) next = await step(next);
  return next;
}
