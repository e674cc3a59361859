import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { clientHost } from '../../core/client-host.ts';
import { RETURN_TO_MAX_LENGTH, safeReturnTo } from '../../core/return-path.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { ProviderParamsSchema } from '../../core/schemas/sign-in-methods.ts';
import { LOGIN_PAGE_CSP } from '../auth/login-page.ts';
import { isUnreachable, OidcClients, ProviderDownError } from '../auth/oidc-client.ts';
import type { OidcProviderConfig } from '../config/oidc-config.ts';
import { renderChooseUsernamePage, renderSignInProblemPage } from '../auth/oidc-pages.ts';
import { hostCookieAttributes, hostCookieName } from '../auth/session-cookie.ts';
import { startSession } from '../auth/start-session.ts';
import { PUBLIC } from '../http/docs.ts';
import { HttpError, badRequest, notFound, tooManyRequests } from '../errors.ts';
import {
  IdentityTakenMeanwhile,
  SIGN_IN_EXPIRED,
  accountOf,
  createAccountWithIdentity,
  findNewAccount,
  linkIdentity,
  randomToken,
  saveNewAccount,
  savePendingSignIn,
  takePendingSignIn,
} from '../services/oidc-accounts.ts';
import { hitRateLimit } from '../services/rate-limit.ts';
import { withinSignUpLimits } from '../services/sign-in-limits.ts';
import { signInMethodRoutes } from './sign-in-methods.ts';

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});
const htmlOrJson = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema }, 'text/html': { schema: z.string() } },
});
const redirect = (description: string) => z.null().describe(description);

const CallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** Where a link started on the profile comes back to, with what happened. */
const PROFILE = '/profile';

/**
 * OpenID Connect sign-in, first-sign-in usernames, and linking providers to an account
 * (docs/decisions/035-openid-connect.md). Authorization code with PKCE, state and nonce; the
 * pending sign-in is kept in the database and spent by the first callback that presents it.
 */
const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const clients = new OidcClients(config.oidcProviders, config.oidcClockSkewSeconds);
  const browserCookie = hostCookieName(config, 'ss_oidc');
  const newAccountCookie = hostCookieName(config, 'ss_oidc_new');
  const redirectUri = (p: OidcProviderConfig) =>
    `${config.publicUrl}/api/login/oidc/${p.id}/callback`;

  function sendPage(reply: FastifyReply, status: number, body: string) {
    return reply
      .code(status)
      .header('content-security-policy', LOGIN_PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  }
  const problem = (reply: FastifyReply, err: HttpError) =>
    sendPage(reply, err.statusCode, renderSignInProblemPage(err.message));

  /** Starts and callbacks share one budget per address, like other sign-in attempts. */
  const withinLimit = (request: FastifyRequest) =>
    hitRateLimit(db, `oidc:host:${clientHost(request.ip)}`, config.rateLimits.oidcPerIp);
  const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

  /** The browser's binding cookie, kept across sign-ins so several tabs may sign in at once. */
  function bindBrowser(request: FastifyRequest, reply: FastifyReply): string {
    const current = request.cookies[browserCookie];
    const value = current && current.length <= 100 ? current : randomToken();
    reply.setCookie(browserCookie, value, { ...hostCookieAttributes(config), maxAge: 3600 });
    return value;
  }

  /** The provider's authorization URL for a new pending sign-in (or link). */
  async function authorizationUrl(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OidcProviderConfig,
    returnTo: string,
    linkUserId: string | null,
  ): Promise<string> {
    const configuration = await clients.configuration(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await savePendingSignIn(db, {
      state,
      browser: bindBrowser(request, reply),
      providerId: provider.id,
      codeVerifier,
      nonce,
      returnTo,
      linkUserId,
    });
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider),
        scope: 'openid profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  app.get(
    '/api/login/oidc/:provider',
    {
      schema: {
        operationId: 'startProviderSignIn',
        summary: 'Continue with an OpenID Connect provider (a browser navigation)',
        description:
          "Sends the browser to the provider's login page; it comes back to the callback.",
        tags: ['auth'],
        security: PUBLIC,
        params: ProviderParamsSchema,
        querystring: z.object({ returnTo: z.string().max(RETURN_TO_MAX_LENGTH).optional() }),
        response: {
          303: redirect("On to the provider's login page"),
          404: html('No provider of that id'),
          429: html('Too many sign-in attempts from this address'),
          503: html('The provider is not answering: nothing was started'),
        },
      },
    },
    async (request, reply) => {
      const provider = clients.provider(request.params.provider);
      if (!provider) return problem(reply, notFound('There is no such way to sign in.'));
      if (!(await withinLimit(request))) return problem(reply, tooManyRequests(TOO_MANY));
      try {
        const returnTo = safeReturnTo(request.query.returnTo);
        const url = await authorizationUrl(request, reply, provider, returnTo, null);
        return reply.header('cache-control', 'no-store').redirect(url, 303);
      } catch (err) {
        if (err instanceof ProviderDownError) {
          return sendPage(reply, 503, renderSignInProblemPage(err.message));
        }
        throw err;
      }
    },
  );

  /** The provider's answer as a verified identity, or the page saying why not. */
  async function verifiedIdentity(
    request: FastifyRequest,
    provider: OidcProviderConfig,
    pending: { state: string; codeVerifier: string; nonce: string },
  ): Promise<{ issuer: string; subject: string; preferredUsername: string | null }> {
    const configuration = await clients.configuration(provider);
    try {
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      );
      const claims = tokens.claims();
      if (!claims) throw badRequest(`${provider.name} did not say who you are. Please try again.`);
      const preferred = claims.preferred_username;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        preferredUsername: typeof preferred === 'string' ? preferred : null,
      };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (isUnreachable(err)) throw new ProviderDownError(provider);
      if (err instanceof oidc.AuthorizationResponseError) {
        throw badRequest(`${provider.name} did not sign you in. Please try again.`);
      }
      // A spent or wrong code, an ID token that is expired, for another client or of another
      // nonce: the sign-in cannot be trusted, and starting again is the way on.
      request.log.warn({ err, provider: provider.id }, 'OpenID Connect answer refused');
      throw badRequest(
        `The answer from ${provider.name} could not be verified. Please start again.`,
      );
    }
  }

  app.get(
    '/api/login/oidc/:provider/callback',
    {
      schema: {
        operationId: 'finishProviderSignIn',
        summary: "The provider's redirect back after its login page (a browser navigation)",
        description:
          'Known identity: signed in, on to where the player was. New identity: on to choosing a username. A link from the profile: back to the profile. Each sign-in is accepted once.',
        tags: ['auth'],
        security: PUBLIC,
        params: ProviderParamsSchema,
        querystring: CallbackQuerySchema,
        response: {
          303: redirect('Signed in, on to choose a username, or back to the profile'),
          400: html('Expired, replayed or unverifiable: the page says why'),
          404: html('No provider of that id'),
          429: html('Too many sign-in attempts from this address'),
          503: html('The provider is not answering: nothing was created'),
        },
      },
    },
    async (request, reply) => {
      const provider = clients.provider(request.params.provider);
      if (!provider) return problem(reply, notFound('There is no such way to sign in.'));
      if (!(await withinLimit(request))) return problem(reply, tooManyRequests(TOO_MANY));
      const { state } = request.query;
      const browser = request.cookies[browserCookie];
      const pending =
        state && browser && browser.length <= 100
          ? await takePendingSignIn(db, { state, browser, providerId: provider.id })
          : null;
      if (!pending || !state) return problem(reply, badRequest(SIGN_IN_EXPIRED));
      let identity;
      try {
        identity = await verifiedIdentity(request, provider, { ...pending, state });
      } catch (err) {
        if (err instanceof ProviderDownError) {
          return sendPage(reply, 503, renderSignInProblemPage(err.message));
        }
        if (err instanceof HttpError) return problem(reply, err);
        throw err;
      }
      reply.header('cache-control', 'no-store');
      if (pending.linkUserId) {
        // A link is for the account that started it, still signed in here.
        if (request.user?.id !== pending.linkUserId) {
          return problem(reply, badRequest(SIGN_IN_EXPIRED));
        }
        const failed = await linkIdentity(db, pending.linkUserId, identity);
        const query = failed ? `linkError=${failed}` : 'linked';
        return reply.redirect(`${PROFILE}?${query}&provider=${provider.id}`, 303);
      }
      const userId = await accountOf(db, identity);
      if (userId) {
        await startSession(db, config, request, reply, userId);
        return reply.redirect(pending.returnTo, 303);
      }
      const token = await saveNewAccount(db, {
        providerId: provider.id,
        issuer: identity.issuer,
        subject: identity.subject,
        suggestedUsername: identity.preferredUsername,
        returnTo: pending.returnTo,
      });
      reply.setCookie(newAccountCookie, token, {
        ...hostCookieAttributes(config),
        maxAge: 30 * 60,
      });
      return reply.redirect('/api/login/oidc/username', 303);
    },
  );

  const suggestion = (name: string | null) =>
    name && /^[A-Za-z0-9_.-]{3,30}$/.test(name) ? name : '';

  app.get(
    '/api/login/oidc/username',
    {
      schema: {
        operationId: 'showChooseUsernamePage',
        summary: 'First sign-in through a provider: choose a username (a browser navigation)',
        tags: ['auth'],
        security: PUBLIC,
        response: {
          200: html('The choose-a-username page'),
          400: html('No first sign-in is waiting in this browser'),
        },
      },
    },
    async (request, reply) => {
      const token = request.cookies[newAccountCookie];
      const waiting = token && token.length <= 100 ? await findNewAccount(db, token) : null;
      if (!waiting) return problem(reply, badRequest(SIGN_IN_EXPIRED));
      return sendPage(
        reply,
        200,
        renderChooseUsernamePage({
          providerName: clients.provider(waiting.providerId)?.name ?? 'your provider',
          username: suggestion(waiting.suggestedUsername),
          passwordSignIn: config.passwordSignIn,
        }),
      );
    },
  );

  app.post(
    '/api/login/oidc/username',
    {
      schema: {
        operationId: 'chooseUsername',
        summary:
          'First sign-in through a provider: create the account with this username and sign in (form or JSON)',
        tags: ['auth'],
        security: PUBLIC,
        body: z.object({ username: z.string().max(200) }),
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: {
          303: redirect('Account created and signed in: on to where the player was'),
          400: htmlOrJson('Username not accepted, or no first sign-in waiting: says why'),
          409: htmlOrJson('That username is already taken'),
          429: htmlOrJson('Too many new accounts from this address'),
        },
      },
    },
    async (request, reply) => {
      const token = request.cookies[newAccountCookie];
      const { username } = request.body;
      const waiting = token && token.length <= 100 ? await findNewAccount(db, token) : null;
      if (!token || !waiting) return problem(reply, badRequest(SIGN_IN_EXPIRED));
      const again = (err: HttpError) =>
        sendPage(
          reply,
          err.statusCode,
          renderChooseUsernamePage({
            providerName: clients.provider(waiting.providerId)?.name ?? 'your provider',
            username,
            error: err.message,
            passwordSignIn: config.passwordSignIn,
          }),
        );
      if (!(await withinSignUpLimits(db, config, request.ip))) {
        return again(tooManyRequests('Too many new accounts from here. Please try again later.'));
      }
      let created;
      let newAccount = true;
      try {
        created = await createAccountWithIdentity(db, token, username);
      } catch (err) {
        if (err instanceof IdentityTakenMeanwhile) {
          created = { userId: err.userId, returnTo: waiting.returnTo };
          newAccount = false;
        } else if (err instanceof HttpError) {
          return again(err);
        } else {
          throw err;
        }
      }
      reply.clearCookie(newAccountCookie, hostCookieAttributes(config));
      await startSession(db, config, request, reply, created.userId, { newAccount });
      return reply.redirect(created.returnTo, 303);
    },
  );

  signInMethodRoutes(app, {
    clients,
    withinLimit,
    tooMany: TOO_MANY,
    linkUrl: (request, reply, provider, userId) =>
      authorizationUrl(request, reply, provider, PROFILE, userId),
  });
};

export default oidcRoutes;
