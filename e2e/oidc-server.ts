import { startOidcProvider } from '../test/oidc-provider.ts';

/**
 * An OpenID Connect provider for the browser suite's seeded server: the same in-process
 * provider the API tests use (test/oidc-provider.ts), on a fixed port (E2E_PORT + 4).
 */
await startOidcProvider({
  port: Number(process.env.OIDC_PORT),
  clientId: process.env.OIDC_CLIENT_ID,
  clientSecret: process.env.OIDC_CLIENT_SECRET,
  redirectUris: [process.env.OIDC_REDIRECT_URI ?? ''],
});
