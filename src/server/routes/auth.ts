import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_TO_MAX_LENGTH, safeReturnTo } from '../../core/return-path.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  CredentialsSchema,
  RecoverSchema,
  SignInResultSchema,
  UserSchema,
} from '../../core/schemas/user.ts';
import {
  LOGIN_PAGE_CSP,
  renderLoginPage,
  renderSignOutConfirmPage,
  type LoginMode,
} from '../auth/login-page.ts';
import { trustedDevice } from '../auth/devices.ts';
import {
  clearSessionCookie,
  sessionCookieName,
  sessionHintCookieName,
} from '../auth/session-cookie.ts';
import { passwordProblem } from '../auth/passwords.ts';
import { deleteSession } from '../auth/sessions.ts';
import { startSession } from '../auth/start-session.ts';
import { PUBLIC, SIGNED_IN } from '../http/docs.ts';
import { peekUserAnswer, sendUserAnswer } from '../http/user-answers.ts';
import { signInFailures } from '../observability/metrics.ts';
import { HttpError, badRequest, tooManyRequests, unauthorized } from '../errors.ts';
import { passwordSignInOff, recoverAccount } from '../services/credentials.ts';
import {
  releaseSignInAttempt,
  reserveSignInAttempt,
  withinSignUpLimits,
} from '../services/sign-in-limits.ts';
import { authenticate, createAccount } from '../services/users.ts';

const wantsJson = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').includes('application/json');

const FORM_OR_JSON = ['application/json', 'application/x-www-form-urlencoded'];
const page = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});
/** A JSON request's failure is JSON; a form post's is the page again, with the message. */
const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema }, 'text/html': { schema: z.string() } },
});
const signedInResponses = {
  200: SignInResultSchema.describe('Signed in (a JSON request)'),
  303: z.null().describe('Signed in (a form post): on to returnTo'),
};

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const pageOptions = {
    providers: config.oidcProviders.map(({ id, name }) => ({ id, name })),
    passwordSignIn: config.passwordSignIn,
  };

  function respondFailure(
    request: FastifyRequest,
    reply: FastifyReply,
    mode: LoginMode,
    err: HttpError,
    username: string,
    returnTo: string,
  ) {
    reply.code(err.statusCode);
    if (wantsJson(request)) return reply.send({ message: err.message });
    return reply
      .header('content-security-policy', LOGIN_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(renderLoginPage({ ...pageOptions, mode, returnTo, error: err.message, username }));
  }

  /** Password sign-in switched off (PASSWORD_SIGN_IN=off): its forms are refused. */
  function passwordsOff(request: FastifyRequest, reply: FastifyReply, mode: LoginMode) {
    if (config.passwordSignIn) return null;
    const err = passwordSignInOff();
    return respondFailure(request, reply, mode, err, '', '/');
  }

  /**
   * A guess at an account (a password or a recovery code) under the sign-in limits
   * (docs/decisions/015): `check` answers the account's id when right, null when wrong.
   */
  async function limitedAttempt(
    request: FastifyRequest,
    reply: FastifyReply,
    opts: {
      mode: LoginMode;
      username: string;
      returnTo: string;
      wrong: string;
      check: () => Promise<string | null>;
    },
  ) {
    const { mode, username, returnTo } = opts;
    const attempt = {
      ip: request.ip,
      username,
      device: await trustedDevice(db, request, config, username),
    };
    const reserved = await reserveSignInAttempt(db, config, attempt);
    if (!reserved) {
      const err = tooManyRequests(
        'Too many sign-in attempts. Please wait a few minutes and try again.',
      );
      return respondFailure(request, reply, mode, err, username, returnTo);
    }
    const userId = await opts.check();
    if (!userId) {
      signInFailures.inc({ method: mode === 'recover' ? 'recovery-code' : 'password' });
      return respondFailure(request, reply, mode, unauthorized(opts.wrong), username, returnTo);
    }
    await releaseSignInAttempt(db, reserved);
    await startSession(db, config, request, reply, userId);
    return respondSuccess(request, reply, returnTo);
  }

  function respondSuccess(request: FastifyRequest, reply: FastifyReply, returnTo: string) {
    if (wantsJson(request)) return reply.send({ ok: true, returnTo });
    return reply.redirect(returnTo, 303);
  }

  app.get(
    '/api/login',
    {
      schema: {
        operationId: 'showLoginPage',
        summary: 'Sign-in / create-account page (a browser navigation)',
        tags: ['auth'],
        security: PUBLIC,
        querystring: z.object({
          mode: z.enum(['signin', 'signup', 'recover']).optional(),
          returnTo: z.string().max(RETURN_TO_MAX_LENGTH).optional(),
        }),
        response: { 200: page('The sign-in or create-account page') },
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply
        .header('content-security-policy', LOGIN_PAGE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderLoginPage({ ...pageOptions, mode: request.query.mode ?? 'signin', returnTo }));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with username and password (form or JSON)',
        tags: ['auth'],
        security: PUBLIC,
        body: CredentialsSchema,
        consumes: FORM_OR_JSON,
        response: {
          ...signedInResponses,
          401: failure('Incorrect username or password'),
          403: failure('Password sign-in is turned off on this server'),
          429: failure('Too many sign-in attempts: wait a few minutes'),
        },
      },
    },
    async (request, reply) => {
      const off = passwordsOff(request, reply, 'signin');
      if (off) return off;
      const { username, password } = request.body;
      return limitedAttempt(request, reply, {
        mode: 'signin',
        username,
        returnTo: safeReturnTo(request.body.returnTo),
        wrong: 'Incorrect username or password.',
        check: () => authenticate(db, username, password, config.passwordHashCost),
      });
    },
  );

  app.post(
    '/api/recover',
    {
      schema: {
        operationId: 'recoverWithCode',
        summary:
          'Forgot password: a recovery code sets a new password, ends every session of the account and signs in (form or JSON)',
        description:
          'Each code works once. Wrong name or code answers like a wrong password and changes nothing; attempts count against the sign-in limits.',
        tags: ['auth'],
        security: PUBLIC,
        body: RecoverSchema,
        consumes: FORM_OR_JSON,
        response: {
          ...signedInResponses,
          400: failure('The new password is not accepted: the message says why'),
          401: failure('Incorrect username or recovery code'),
          403: failure('Password sign-in is turned off on this server'),
          429: failure('Too many sign-in attempts: wait a few minutes'),
        },
      },
    },
    async (request, reply) => {
      const off = passwordsOff(request, reply, 'recover');
      if (off) return off;
      const { username, code, password } = request.body;
      const returnTo = safeReturnTo(request.body.returnTo);
      // The password rules cost no guess: a bad new password is refused before the limits.
      const problem = passwordProblem(password, username.trim());
      if (problem) {
        return respondFailure(request, reply, 'recover', badRequest(problem), username, returnTo);
      }
      return limitedAttempt(request, reply, {
        mode: 'recover',
        username,
        returnTo,
        wrong: 'Incorrect username or recovery code.',
        check: () => recoverAccount(db, config, { username, code, password }),
      });
    },
  );

  app.post(
    '/api/signup',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Create an account and sign in (form or JSON)',
        tags: ['auth'],
        security: PUBLIC,
        body: CredentialsSchema,
        consumes: FORM_OR_JSON,
        response: {
          ...signedInResponses,
          400: failure('Username or password not accepted: the message says why'),
          403: failure('Password sign-in is turned off on this server'),
          409: failure('That username is already taken'),
          429: failure('Too many new accounts from this address'),
        },
      },
    },
    async (request, reply) => {
      const off = passwordsOff(request, reply, 'signup');
      if (off) return off;
      const { username, password } = request.body;
      const returnTo = safeReturnTo(request.body.returnTo);
      if (!(await withinSignUpLimits(db, config, request.ip))) {
        const err = tooManyRequests('Too many new accounts from here. Please try again later.');
        return respondFailure(request, reply, 'signup', err, username, returnTo);
      }
      try {
        const userId = await createAccount(db, { username, password }, config.passwordHashCost);
        await startSession(db, config, request, reply, userId, { newAccount: true });
        return respondSuccess(request, reply, returnTo);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return respondFailure(request, reply, 'signup', err, username, returnTo);
      }
    },
  );

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    if (request.sessionId) await deleteSession(db, request.sessionId);
    // Signing out by link is a GET: drop the session from this process's memory here too.
    if (request.user) app.changeFeed.forgetUser(request.user.id);
    clearSessionCookie(reply, config);
    return reply.redirect('/', 303);
  }

  app.get(
    '/api/logout',
    {
      schema: {
        operationId: 'signOutByLink',
        summary: 'Sign out (a browser navigation)',
        tags: ['auth'],
        security: PUBLIC,
        response: {
          200: page('Asks to confirm: the link came from another site'),
          303: z.null().describe('Signed out: on to /'),
        },
      },
    },
    async (request, reply) => {
      // A link on another site must not sign players out: it gets a confirm button instead.
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return reply
          .header('content-security-policy', LOGIN_PAGE_CSP)
          .type('text/html; charset=utf-8')
          .send(renderSignOutConfirmPage());
      }
      return signOut(request, reply);
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Sign out',
        tags: ['auth'],
        security: PUBLIC,
        response: { 303: z.null().describe('Signed out: on to /') },
      },
    },
    signOut,
  );

  // Asked on every page: answered from memory in front of Fastify (docs/decisions/050).
  app.fastReads.answers('/api/auth/user', peekUserAnswer, 'no-store');
  app.get(
    '/api/auth/user',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'The signed-in user',
        description:
          'Every sign-in also sets `ss_signed_in` (`__Host-ss_signed_in` under https), a cookie the page can read, so a signed-out page need not ask. A 401 to a browser that sent either cookie clears both: the session is over.',
        tags: ['auth'],
        security: SIGNED_IN,
        response: { 200: UserSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.user) return sendUserAnswer(reply, request.user);
      // A session that ended without this browser being told (expired, ended elsewhere): it is
      // told now, once, so its pages stop asking (docs/decisions/041).
      const { cookies } = request;
      if (cookies[sessionCookieName(config)] || cookies[sessionHintCookieName(config)]) {
        clearSessionCookie(reply, config);
      }
      throw unauthorized();
    },
  );
};

export default authRoutes;
