import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  CompletedUploadSchema,
  UploadRequestSchema,
  UploadTicketSchema,
} from '../../core/schemas/objects.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { PUBLIC, SIGNED_IN } from '../http/docs.ts';
import { HttpError, notFound } from '../errors.ts';
import { objectKeys } from '../storage/object-store.ts';
import { findObject } from '../services/objects.ts';
import {
  UPLOAD_URL_TTL_MS,
  completeUpload,
  createUploadUrl,
  receiveUpload,
  sweepOrphanedUploads,
} from '../services/uploads.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { IDEMPOTENT } from '../http/idempotency.ts';
import { inFlightPerPlayer } from '../http/in-flight.ts';

const PHOTO_BODY = /^\s*(image\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i;
const ObjectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);
/** Photos are streamed from the store as they are; to a client they are bytes. */
const PhotoBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });
const BadLinkSchema = ErrorSchema.describe(
  'The upload link is invalid, expired or already used, or the request is cross-site',
);

const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, objectStore, config } = app;

  // Upload bodies are streamed to the store as they are; nothing is buffered or parsed here.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // Bytes a deleted account's presigned link still PUT are found by the next sweep, at most one
  // link lifetime after they land (docs/decisions/027-your-data.md).
  const sweep = () =>
    sweepOrphanedUploads(db, objectStore).catch((err: unknown) =>
      app.log.warn({ err }, 'sweeping orphaned uploads failed'),
    );
  const sweeper = setInterval(sweep, UPLOAD_URL_TTL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.post(
    '/api/objects/upload',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'createUploadUrl',
        summary: 'Get a short-lived, single-use URL to PUT one photo to',
        tags: ['objects'],
        security: SIGNED_IN,
        body: UploadRequestSchema,
        response: { 200: UploadTicketSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(db, `upload:${user.id}`, config.rateLimits.uploadsPerUser);
      return createUploadUrl(db, objectStore, user.id, request.body?.purpose ?? 'discovery');
    },
  );

  // With S3 the browser PUTs to the bucket through a presigned URL instead.
  if (objectStore.kind === 'local') {
    // A body may trickle for the whole request timeout, so each player's open uploads are
    // counted: without a cap one player could hold any number of connections here.
    const oneOfFew = inFlightPerPlayer(
      config.uploadsInFlightPerUser,
      (open) =>
        `You already have ${open} uploads in progress. Wait for one to finish, then try again.`,
    );
    app.put(
      '/api/objects/uploads/:token',
      {
        preValidation: signedInOnly,
        schema: {
          operationId: 'uploadPhotoBytes',
          summary: 'Upload the photo bytes (the request body is the file)',
          tags: ['objects'],
          security: SIGNED_IN,
          params: z.object({ token: z.string().min(1).max(64) }),
          // Read raw from the request stream; the type is checked by content on completion.
          consumes: ['image/*', 'application/octet-stream'],
          response: {
            200: z.object({ size: z.number() }),
            401: ErrorSchema,
            403: BadLinkSchema,
            413: ErrorSchema.describe("Larger than the upload's maxBytes"),
            415: ErrorSchema.describe('The body is not sent as a photo'),
            429: ErrorSchema.describe("Too many of this player's uploads are still arriving"),
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        // Text and JSON bodies are read by Fastify's own parsers before this runs: refused, so a
        // link is never spent on bytes that did not reach the store.
        if (!PHOTO_BODY.test(request.headers['content-type'] ?? 'application/octet-stream')) {
          throw new HttpError(
            415,
            'Send the photo itself, as image/* or application/octet-stream.',
          );
        }
        const length = Number(request.headers['content-length']);
        return oneOfFew(user.id, () =>
          receiveUpload(db, objectStore, {
            token: request.params.token,
            userId: user.id,
            body: request.raw,
            declaredLength: Number.isFinite(length) ? length : null,
          }),
        );
      },
    );
  }

  app.post(
    '/api/objects/:id/complete',
    {
      config: IDEMPOTENT,
      preValidation: signedInOnly,
      schema: {
        operationId: 'completeUpload',
        summary: 'Check and process an uploaded photo; returns its URLs and GPS suggestion',
        tags: ['objects'],
        security: SIGNED_IN,
        params: z.object({ id: ObjectIdSchema }),
        response: {
          200: CompletedUploadSchema,
          400: ErrorSchema.describe('Invalid id, or no photo has arrived for this upload yet'),
          401: ErrorSchema,
          403: BadLinkSchema,
          409: ErrorSchema.describe('This photo has already been documented'),
          413: ErrorSchema.describe("Larger than the upload's maxBytes"),
          415: ErrorSchema.describe('Not a photo we accept: the message says what is'),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return completeUpload(db, objectStore, user.id, request.params.id);
    },
  );

  for (const rendition of ['display', 'thumb'] as const) {
    app.get(
      rendition === 'display' ? '/objects/:id' : '/objects/:id/thumbnail',
      {
        schema: {
          operationId: rendition === 'display' ? 'getPhoto' : 'getPhotoThumbnail',
          summary: rendition === 'display' ? 'A stored photo' : "A stored photo's thumbnail",
          tags: ['objects'],
          security: PUBLIC,
          params: z.object({ id: ObjectIdSchema }),
          response: {
            200: {
              description: 'The photo, re-encoded without metadata (immutable: cache it forever)',
              content: { 'image/webp': { schema: PhotoBytesSchema } },
            },
            404: ErrorSchema.describe('No such photo'),
          },
        },
      },
      async (request, reply) => {
        const row = await findObject(db, request.params.id);
        const size = rendition === 'display' ? row?.size : row?.thumbSize;
        const stream = row && size ? await objectStore.get(objectKeys[rendition](row.id)) : null;
        if (!row || !stream) throw notFound('Photo not found');
        return reply
          .type(row.contentType)
          .header('content-length', size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(stream);
      },
    );
  }
};

export default objectRoutes;
