import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordSchema,
  ConfirmPasswordSchema,
  EndedSessionsSchema,
  RecoveryCodeStatusSchema,
  RecoveryCodesSchema,
} from '../../core/schemas/account.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { generateRecoveryCodes, recoveryCodeStatus } from '../auth/recovery-codes.ts';
import { hashSessionId } from '../auth/sessions.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { changePassword, confirmPassword, passwordSignInOff } from '../services/credentials.ts';

const tags = ['profile'];

/** Your password and recovery codes (docs/decisions/032). */
const credentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  app.addHook('preValidation', signedInOnly);

  app.put(
    '/api/profile/password',
    {
      schema: {
        operationId: 'changeMyPassword',
        security: SIGNED_IN,
        summary:
          'Change your password (the current one first); every other session of the account is signed out. An account without a password sets its first one',
        tags,
        body: ChangePasswordSchema,
        response: {
          200: EndedSessionsSchema.describe('Changed; how many other sessions were signed out'),
          400: ErrorSchema.describe('A field is missing or the new password is not accepted'),
          401: ErrorSchema,
          403: ErrorSchema.describe('Incorrect current password, or password sign-in is off'),
          409: ErrorSchema.describe('A first password was set meanwhile'),
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const keep = request.sessionId ? hashSessionId(request.sessionId) : null;
      return { ended: await changePassword(db, config, user.id, keep, request.body) };
    },
  );

  app.get(
    '/api/profile/recovery-codes',
    {
      schema: {
        operationId: 'getMyRecoveryCodes',
        security: SIGNED_IN,
        summary: 'How many unused recovery codes you have (the codes themselves are shown once)',
        tags,
        response: { 200: RecoveryCodeStatusSchema, 401: ErrorSchema },
      },
    },
    async (request) => recoveryCodeStatus(db, requireUser(request).id),
  );

  app.post(
    '/api/profile/recovery-codes',
    {
      schema: {
        operationId: 'makeMyRecoveryCodes',
        security: SIGNED_IN,
        summary:
          'Ten new single-use recovery codes, confirmed with your password; they replace any earlier ones and are shown only now',
        tags,
        body: ConfirmPasswordSchema,
        response: {
          200: RecoveryCodesSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema.describe('Incorrect password, or password sign-in is off'),
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // A code sets a new password, which an app without password sign-in never asks for.
      if (!config.passwordSignIn) throw passwordSignInOff();
      await confirmPassword(
        db,
        config,
        user.id,
        request.body.password,
        'Incorrect password. Your recovery codes have not changed.',
      );
      return { codes: await generateRecoveryCodes(db, user.id, config.passwordHashCost) };
    },
  );
};

export default credentialRoutes;
