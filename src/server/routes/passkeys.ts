import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientHost } from '../../core/client-host.ts';
import { safeReturnTo } from '../../core/return-path.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  AddPasskeySchema,
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeySignInSchema,
  RenamePasskeySchema,
} from '../../core/schemas/passkeys.ts';
import { SignInResultSchema } from '../../core/schemas/user.ts';
import { deviceLabel } from '../auth/device-label.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { startSession } from '../auth/start-session.ts';
import { PUBLIC, SIGNED_IN } from '../http/docs.ts';
import { tooManyRequests } from '../errors.ts';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  verifyPasskeySignIn,
} from '../services/passkeys.ts';
import { enforceRateLimit, refundRateLimit, takeRateLimit } from '../services/rate-limit.ts';
import { signInHostKey } from '../services/sign-in-limits.ts';

/** Challenges handed out to one host: each is a row until it is answered or expires. */
const OPTIONS_PER_IP = { limit: 60, windowSeconds: 60 };
const optionsKey = (ip: string) => `passkey-options:host:${clientHost(ip)}`;

/** Passkeys on the profile, and signing in with one (docs/decisions/036). */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;

  await app.register(async (scope) => {
    const profile = scope.withTypeProvider<ZodTypeProvider>();
    profile.addHook('preValidation', signedInOnly);
    const tags = ['profile'];

    profile.get(
      '/api/profile/passkeys',
      {
        schema: {
          operationId: 'listMyPasskeys',
          security: SIGNED_IN,
          summary: 'Your passkeys, oldest first',
          tags,
          response: { 200: z.array(PasskeySchema), 401: ErrorSchema },
        },
      },
      async (request) => listPasskeys(db, requireUser(request).id),
    );

    profile.post(
      '/api/profile/passkeys/options',
      {
        schema: {
          operationId: 'startAddingPasskey',
          security: SIGNED_IN,
          summary: 'Options for navigator.credentials.create(): a new passkey for your account',
          description: 'The challenge in them works once, for five minutes.',
          tags,
          response: { 200: PasskeyOptionsSchema, 401: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request) => {
        await enforceRateLimit(db, optionsKey(request.ip), OPTIONS_PER_IP);
        return { options: { ...(await registrationOptions(db, config, requireUser(request))) } };
      },
    );

    profile.post(
      '/api/profile/passkeys',
      {
        schema: {
          operationId: 'addPasskey',
          security: SIGNED_IN,
          summary: "Adds a passkey: the authenticator's answer to the options' challenge",
          tags,
          body: AddPasskeySchema,
          response: {
            201: PasskeySchema,
            400: ErrorSchema.describe('Not a valid answer, or its challenge expired or was used'),
            401: ErrorSchema,
            409: ErrorSchema.describe('This passkey is already added'),
          },
        },
      },
      async (request, reply) => {
        const { response, name } = request.body;
        const passkey = await addPasskey(db, config, requireUser(request).id, {
          response,
          name: name ?? deviceLabel(request.headers['user-agent']) ?? 'Passkey',
        });
        return reply.code(201).send(passkey);
      },
    );

    profile.patch(
      '/api/profile/passkeys/:id',
      {
        schema: {
          operationId: 'renamePasskey',
          security: SIGNED_IN,
          summary: 'Renames one of your passkeys',
          tags,
          params: PasskeyParamsSchema,
          body: RenamePasskeySchema,
          response: {
            200: PasskeySchema,
            400: ErrorSchema,
            401: ErrorSchema,
            404: ErrorSchema.describe('You have no passkey with this id'),
          },
        },
      },
      async (request) =>
        renamePasskey(db, requireUser(request).id, request.params.id, request.body.name),
    );

    profile.delete(
      '/api/profile/passkeys/:id',
      {
        schema: {
          operationId: 'removePasskey',
          security: SIGNED_IN,
          summary: 'Removes one of your passkeys (204): it no longer signs in',
          tags,
          params: PasskeyParamsSchema,
          response: {
            204: z.null(),
            400: ErrorSchema,
            401: ErrorSchema,
            404: ErrorSchema.describe('You have no passkey with this id'),
            409: ErrorSchema.describe('It is your only way to sign in'),
          },
        },
      },
      async (request, reply) => {
        await removePasskey(db, config, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  });

  app.post(
    '/api/passkeys/sign-in/options',
    {
      schema: {
        operationId: 'startPasskeySignIn',
        security: PUBLIC,
        summary: 'Options for navigator.credentials.get(): sign in with a passkey, no username',
        description: 'The challenge in them works once, for five minutes.',
        tags: ['auth'],
        response: { 200: PasskeyOptionsSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      await enforceRateLimit(db, optionsKey(request.ip), OPTIONS_PER_IP);
      return { options: { ...(await signInOptions(db, config)) } };
    },
  );

  app.post(
    '/api/passkeys/sign-in',
    {
      schema: {
        operationId: 'signInWithPasskey',
        security: PUBLIC,
        summary: "Signs in with a passkey: the authenticator's answer to the options' challenge",
        description:
          'Starts a session as a password sign-in does. A refused answer counts against the sign-in limits of the address.',
        tags: ['auth'],
        body: PasskeySignInSchema,
        response: {
          200: SignInResultSchema,
          400: ErrorSchema,
          401: ErrorSchema.describe('Not signed in: the message says why'),
          429: ErrorSchema.describe('Too many sign-in attempts: wait a few minutes'),
        },
      },
    },
    async (request, reply) => {
      // The host's sign-in budget (docs/decisions/015): a passkey names no account to limit.
      const key = signInHostKey(request.ip);
      if (!(await takeRateLimit(db, key, config.rateLimits.signInPerIp))) {
        throw tooManyRequests(
          'Too many sign-in attempts. Please wait a few minutes and try again.',
        );
      }
      const userId = await verifyPasskeySignIn(db, config, request.body.response);
      await refundRateLimit(db, key);
      await startSession(db, config, request, reply, userId);
      return { ok: true as const, returnTo: safeReturnTo(request.body.returnTo) };
    },
  );
};

export default passkeyRoutes;
