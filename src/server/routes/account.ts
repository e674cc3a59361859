import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountSchema } from '../../core/schemas/account.ts';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { clearSessionCookie, requireUser } from '../auth/session-cookie.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { deleteAccount } from '../services/account-deletion.ts';
import { exportZip } from '../services/data-export-zip.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';

const tags = ['profile'];
const ZipBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });

/** Your data: download everything the service holds about you, or delete your account. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, objectStore } = app;
  app.addHook('preValidation', signedInOnly);

  app.get(
    '/api/profile/export',
    {
      schema: {
        operationId: 'downloadMyData',
        security: SIGNED_IN,
        summary:
          'Everything the service holds about you as a zip: streetscope-data.json and photos/ with every photo you uploaded',
        tags,
        response: {
          200: {
            description: 'The zip, as an attachment named streetscope-<username>-<date>.zip',
            content: { 'application/zip': { schema: ZipBytesSchema } },
          },
          401: ErrorSchema,
          429: ErrorSchema.describe('Too many downloads this hour'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(db, `export:${user.id}`, config.rateLimits.exportsPerUser);
      const { username, stream } = await exportZip(db, objectStore, user.id, request.log);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="streetscope-${username}-${day}.zip"`)
        .send(stream);
    },
  );

  app.delete(
    '/api/profile',
    {
      schema: {
        operationId: 'deleteMyAccount',
        security: SIGNED_IN,
        summary:
          'Delete your account for good, confirmed with your username and password; signs you out (204)',
        description:
          'Personal data, photos, discoveries, logs, markers, gallery and wallet link are removed and ' +
          'the photos stop being served; forum posts and replies stay, shown as by "deleted player"; ' +
          'artworks you first found stay without your photos. A Pro subscription is cancelled at once.',
        tags,
        body: DeleteAccountSchema,
        response: {
          204: z.null(),
          400: ErrorSchema.describe('A field is missing or the username is not yours'),
          401: ErrorSchema,
          403: ErrorSchema.describe(
            'Incorrect password, or the account is suspended (it cannot be deleted until the suspension ends)',
          ),
          429: ErrorSchema,
          502: ErrorSchema.describe('The Pro subscription could not be cancelled: nothing changed'),
          503: ErrorSchema.describe('Payments are off, so the subscription cannot be cancelled'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deleteAccount(db, objectStore, config, user.id, request.body, request.log);
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  );
};

export default accountRoutes;
