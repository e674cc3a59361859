import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { CompletedUploadSchema, type CompletedUpload } from '../../core/schemas/objects.ts';
import {
  PhotoImportRequestSchema,
  ProviderImportRequestSchema,
} from '../../core/schemas/photo-import.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { inFlightPerPlayer } from '../http/in-flight.ts';
import { importPhoto } from '../services/photo-import.ts';
import { importFromProvider } from '../services/photo-provider-import.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';

/** What either import answers: the photo as a completed upload, or why there is none. */
const importAnswers = (badRequest: string) => ({
  200: CompletedUploadSchema,
  400: ErrorSchema.describe(badRequest),
  401: ErrorSchema,
  409: ErrorSchema.describe('This photo has already been documented'),
  413: ErrorSchema.describe("Larger than the purpose's limit"),
  415: ErrorSchema.describe('Not a photo we accept: the message says what it is'),
  429: ErrorSchema.describe('Too many uploads, or imports still running'),
});

/**
 * Photos from elsewhere (docs/decisions/048-photos-from-elsewhere.md): a link the server fetches
 * and treats as an upload, or a photo chosen in a cloud folder (054). Not marked idempotent: a
 * key would hold the request's transaction open for the whole fetch, and a repeat only fetches
 * the same photo again.
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
  /** An import counts as an upload against the player's rate limit and in-flight cap. */
  const asUpload = async (
    request: FastifyRequest,
    fetchAndKeep: (userId: string) => Promise<CompletedUpload>,
  ) => {
    const user = requireUser(request);
    await enforceRateLimit(db, `upload:${user.id}`, config.rateLimits.uploadsPerUser);
    return oneOfFew(user.id, () => fetchAndKeep(user.id));
  };

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
        response: importAnswers(
          'Not an http(s) link, a private address, too many redirects, or no photo fetched',
        ),
      },
    },
    async (request) =>
      asUpload(request, (userId) =>
        importPhoto(db, objectStore, userId, request.body, config.photoImportTestOrigins),
      ),
  );

  app.post(
    '/api/objects/import/provider',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'importPhotoFromProvider',
        summary: 'Fetch a photo chosen in Dropbox or Google Drive and check it like an upload',
        description:
          'Only for a provider this server offers (GET /api/config, uploads.providers). A Dropbox ' +
          "link must be on Dropbox's content hosts; a Google Drive file is downloaded with the " +
          "player's drive.file token, which is used for this one download and never kept. Then " +
          'the same fetch and checks as POST /api/objects/import.',
        tags: ['objects'],
        security: SIGNED_IN,
        body: ProviderImportRequestSchema,
        response: {
          ...importAnswers(
            "Not the provider's file link, a token or file the provider refused, or no photo",
          ),
          403: ErrorSchema.describe('This provider is not offered on this server'),
        },
      },
    },
    async (request) =>
      asUpload(request, (userId) =>
        importFromProvider(db, objectStore, userId, request.body, config.photoProviders),
      ),
  );
};

export default photoImportRoutes;
