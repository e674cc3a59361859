import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { CompletedUploadSchema } from '../../core/schemas/objects.ts';
import { PhotoImportRequestSchema } from '../../core/schemas/photo-import.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { inFlightPerPlayer } from '../http/in-flight.ts';
import { importPhoto } from '../services/photo-import.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';

/**
 * Photos from elsewhere (docs/decisions/048-photos-from-elsewhere.md): a link the server fetches
 * and treats as an upload. Not marked idempotent: a key would hold the request's transaction
 * open for the whole fetch, and a repeat only fetches the same photo again.
 */
const photoImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, objectStore, config } = app;
  // A fetch may take the whole timeout: each player's imports in progress are capped, as
  // their uploads still arriving are.
  const oneOfFew = inFlightPerPlayer(
    config.uploadsInFlightPerUser,
    (open) =>
      `You already have ${open} photos being fetched. Wait for one to finish, then try again.`,
  );

  app.post(
    '/api/objects/import',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'importPhoto',
        summary: 'Fetch a photo from a link and check and process it like an upload',
        description:
          'Public http(s) hosts only: private, loopback and link-local addresses are refused, ' +
          'each redirect is checked again (at most 3), the body is capped at the purpose limit ' +
          'and the whole fetch at 30 seconds. Returns what completing an upload returns.',
        tags: ['objects'],
        security: SIGNED_IN,
        body: PhotoImportRequestSchema,
        response: {
          200: CompletedUploadSchema,
          400: ErrorSchema.describe(
            'Not an http(s) link, a private address, too many redirects, or no photo fetched',
          ),
          401: ErrorSchema,
          409: ErrorSchema.describe('This photo has already been documented'),
          413: ErrorSchema.describe("Larger than the purpose's limit"),
          415: ErrorSchema.describe('Not a photo we accept: the message says what it is'),
          429: ErrorSchema.describe('Too many uploads, or imports still running'),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(db, `upload:${user.id}`, config.rateLimits.uploadsPerUser);
      return oneOfFew(user.id, () =>
        importPhoto(db, objectStore, user.id, request.body, config.photoImportTestOrigins),
      );
    },
  );
};

export default photoImportRoutes;
