import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  CANNOT_SIGN,
  CompleteMultipartBodySchema,
  CreateMultipartBodySchema,
  ListedPartSchema,
  MAX_PART_NUMBER,
  MultipartCompletedSchema,
  MultipartCreatedSchema,
  MultipartMetadataSchema,
  SignedPartSchema,
  UploadParamsSchema,
} from '../../core/schemas/multipart.ts';
import { requireUser } from '../auth/session-cookie.ts';
import { signedInOnly } from '../http/auth-plugin.ts';
import { inFlightPerPlayer } from '../http/in-flight.ts';
import { SIGNED_IN } from '../http/docs.ts';
import { HttpError, badRequest } from '../errors.ts';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listMultipartParts,
  receiveMultipartPart,
  signMultipartPart,
  sweepAbandonedMultipart,
} from '../services/multipart-uploads.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { createUploadUrl } from '../services/uploads.ts';

const SWEEP_EVERY_MS = 3_600_000;
const tags = ['uploads'];
/** Optional in the schema so that a missing one gets SPEC's own words, not a generic 400. */
const KeyQuerySchema = z.object({ key: z.string().max(200).optional() });
const UploadIdParamsSchema = z.object({ uploadId: z.string().max(64) });
const PartParamsSchema = UploadIdParamsSchema.extend({ partNumber: z.string().max(12) });
const NotFoundSchema = ErrorSchema.describe("No such upload of this player's (or it expired)");
const TooLargeSchema = ErrorSchema.describe("The parts pass the upload's limit (10 MB, 5 MB)");

/** The key, upload id and part number a part call needs, else SPEC §5's message. */
function partOf(params: { uploadId: string; partNumber: string }, key: string | undefined) {
  const partNumber = /^\d{1,5}$/.test(params.partNumber) ? Number(params.partNumber) : NaN;
  if (!key || !params.uploadId || !Number.isInteger(partNumber)) throw badRequest(CANNOT_SIGN);
  if (partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw badRequest(`partNumber must be from 1 to ${MAX_PART_NUMBER}.`);
  }
  return { uploadId: params.uploadId, key, partNumber };
}

function keyOf(uploadId: string, key: string | undefined, doing: string): string {
  if (!key || !uploadId) throw badRequest(`Cannot ${doing} without a key and an uploadId`);
  return key;
}

/**
 * SPEC §7's cloud-upload helper endpoints (docs/decisions/047-resumable-uploads.md): resumable
 * multipart uploads of photos over 5 MB, on S3-compatible buckets and on local disk alike.
 */
const multipartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, objectStore: store, config } = app;

  app.get(
    '/api/s3/params',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'getUploadParams',
        summary: 'Parameters for a single (not multipart) upload: a fresh single-use PUT link',
        tags,
        security: SIGNED_IN,
        querystring: z.object({
          filename: z.string().max(255).optional(),
          type: z.string().max(255).optional(),
          'metadata[purpose]': MultipartMetadataSchema.shape.purpose,
        }),
        response: { 200: UploadParamsSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(db, `upload:${user.id}`, config.rateLimits.uploadsPerUser);
      const purpose = request.query['metadata[purpose]'];
      const ticket = await createUploadUrl(db, store, user.id, purpose);
      const headers: Record<string, string> = {};
      if (request.query.type) headers['content-type'] = request.query.type;
      return { ...ticket, url: ticket.uploadURL, fields: {}, headers };
    },
  );

  app.get(
    '/api/s3/sts',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'getTemporaryCredentials',
        summary: 'Temporary storage credentials: not offered, uploads use signed URLs instead',
        tags,
        security: SIGNED_IN,
        response: {
          401: ErrorSchema,
          501: ErrorSchema.describe('Never offered: the bucket keys stay on the server'),
        },
      },
    },
    async () => {
      throw new HttpError(
        501,
        'Temporary storage credentials are not offered. Ask for signed upload URLs instead.',
      );
    },
  );

  if (!config.multipartUploads) return;

  const sweep = () =>
    sweepAbandonedMultipart(db, store).catch((err: unknown) =>
      app.log.warn({ err }, 'sweeping abandoned multipart uploads failed'),
    );
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.post(
    '/api/s3/multipart',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'createMultipartUpload',
        summary: 'Start a resumable upload of one photo (metadata.purpose sets its size limit)',
        tags,
        security: SIGNED_IN,
        body: CreateMultipartBodySchema,
        response: {
          200: MultipartCreatedSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          413: TooLargeSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(db, `upload:${user.id}`, config.rateLimits.uploadsPerUser);
      const { purpose, size } = request.body.metadata;
      return createMultipartUpload(db, store, user.id, { purpose, size });
    },
  );

  app.get(
    '/api/s3/multipart/:uploadId',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'listMultipartParts',
        summary: 'The parts received so far, so an interrupted upload resumes after them',
        tags,
        security: SIGNED_IN,
        params: UploadIdParamsSchema,
        querystring: KeyQuerySchema,
        response: {
          200: z.array(ListedPartSchema),
          400: ErrorSchema,
          401: ErrorSchema,
          404: NotFoundSchema,
          409: ErrorSchema.describe('The upload is already complete'),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { uploadId } = request.params;
      const key = keyOf(uploadId, request.query.key, 'list parts');
      return listMultipartParts(db, store, user.id, uploadId, key);
    },
  );

  app.get(
    '/api/s3/multipart/:uploadId/:partNumber',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'signMultipartPart',
        summary: 'A short-lived URL to PUT one part to (part numbers 1 to 10000)',
        tags,
        security: SIGNED_IN,
        params: PartParamsSchema,
        querystring: KeyQuerySchema,
        response: {
          200: SignedPartSchema,
          400: ErrorSchema.describe(CANNOT_SIGN),
          401: ErrorSchema,
          404: NotFoundSchema,
          409: ErrorSchema.describe('The upload is already complete'),
          413: TooLargeSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return signMultipartPart(db, store, user.id, partOf(request.params, request.query.key));
    },
  );

  app.post(
    '/api/s3/multipart/:uploadId/complete',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'completeMultipartUpload',
        summary: 'Join the parts; the photo is then checked and processed at completeURL',
        tags,
        security: SIGNED_IN,
        params: UploadIdParamsSchema,
        querystring: KeyQuerySchema,
        body: CompleteMultipartBodySchema,
        response: {
          200: MultipartCompletedSchema,
          400: ErrorSchema.describe('A part was not received with the ETag given'),
          401: ErrorSchema,
          404: NotFoundSchema,
          409: ErrorSchema.describe('The upload is being completed by another request'),
          413: TooLargeSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { uploadId } = request.params;
      const key = keyOf(uploadId, request.query.key, 'complete an upload');
      return completeMultipartUpload(db, store, user.id, {
        uploadId,
        key,
        parts: request.body.parts,
      });
    },
  );

  app.delete(
    '/api/s3/multipart/:uploadId',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'abortMultipartUpload',
        summary: 'Cancel a resumable upload and throw its parts away',
        tags,
        security: SIGNED_IN,
        params: UploadIdParamsSchema,
        querystring: KeyQuerySchema,
        response: {
          204: z.null().describe('Cancelled (or already cancelled)'),
          400: ErrorSchema,
          401: ErrorSchema,
          404: NotFoundSchema,
          409: ErrorSchema.describe('The upload is already complete'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { uploadId } = request.params;
      const key = keyOf(uploadId, request.query.key, 'abort an upload');
      await abortMultipartUpload(db, store, user.id, uploadId, key);
      return reply.code(204).send(null);
    },
  );

  // With S3 the browser PUTs parts to the bucket through presigned URLs instead.
  if (store.kind !== 'local') return;
  // Part bodies are streamed to disk as they are; nothing is buffered or parsed here.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // A body may trickle for the whole request timeout: each player's open parts are capped.
  const oneOfFew = inFlightPerPlayer(
    config.uploadsInFlightPerUser,
    (open) =>
      `You already have ${open} uploads in progress. Wait for one to finish, then try again.`,
  );
  app.put(
    '/api/s3/multipart/:uploadId/:partNumber',
    {
      preValidation: signedInOnly,
      schema: {
        operationId: 'uploadMultipartPart',
        summary: 'Upload one part (local storage; the URL comes from signMultipartPart)',
        tags,
        security: SIGNED_IN,
        params: PartParamsSchema,
        querystring: KeyQuerySchema.extend({
          expires: z.coerce.number().int().optional(),
          signature: z.string().max(100).optional(),
        }),
        consumes: ['application/octet-stream', 'image/*'],
        response: {
          200: z.null().describe("Kept; the ETag header is the part's MD5"),
          400: ErrorSchema.describe(CANNOT_SIGN),
          401: ErrorSchema,
          403: ErrorSchema.describe('The part link is invalid or has expired'),
          404: NotFoundSchema,
          409: ErrorSchema.describe('The upload is already complete'),
          413: TooLargeSchema,
          429: ErrorSchema.describe("Too many of this player's uploads are still arriving"),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { expires, signature } = request.query;
      if (expires === undefined || !signature) {
        throw new HttpError(403, 'This part link is invalid. Ask for a new one.');
      }
      const length = Number(request.headers['content-length']);
      const part = await oneOfFew(user.id, () =>
        receiveMultipartPart(db, store, user.id, {
          ...partOf(request.params, request.query.key),
          expires,
          signature,
          body: request.raw,
          declaredLength: Number.isFinite(length) ? length : null,
        }),
      );
      return reply.header('etag', `"${part.etag}"`).send(null);
    },
  );
};

export default multipartRoutes;
