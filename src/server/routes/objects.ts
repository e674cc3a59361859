import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import {
  CompletedUploadSchema,
  UploadRequestSchema,
  UploadTicketSchema,
} from '../../core/schemas/objects.ts';
import { requireUser, signedInOnly } from '../auth/plugin.ts';
import { notFound } from '../errors.ts';
import { objectKeys } from '../storage/object-store.ts';
import { findObject } from '../services/objects.ts';
import { completeUpload, createUploadUrl, receiveUpload } from '../services/uploads.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';

const ObjectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);

const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, objectStore, config } = app;

  // Upload bodies are streamed to the store as they are; nothing is buffered or parsed here.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.post(
    '/api/objects/upload',
    {
      preValidation: signedInOnly,
      schema: {
        summary: 'Get a short-lived, single-use URL to PUT one photo to',
        tags: ['objects'],
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
    app.put(
      '/api/objects/uploads/:token',
      {
        preValidation: signedInOnly,
        schema: {
          summary: 'Upload the photo bytes (the request body is the file)',
          tags: ['objects'],
          params: z.object({ token: z.string().min(1).max(64) }),
          response: {
            200: z.object({ size: z.number() }),
            401: ErrorSchema,
            403: ErrorSchema,
            413: ErrorSchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const length = Number(request.headers['content-length']);
        return receiveUpload(db, objectStore, {
          token: request.params.token,
          userId: user.id,
          body: request.raw,
          declaredLength: Number.isFinite(length) ? length : null,
        });
      },
    );
  }

  app.post(
    '/api/objects/:id/complete',
    {
      preValidation: signedInOnly,
      schema: {
        summary: 'Check and process an uploaded photo; returns its URLs and GPS suggestion',
        tags: ['objects'],
        params: z.object({ id: ObjectIdSchema }),
        response: {
          200: CompletedUploadSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
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
          summary: rendition === 'display' ? 'A stored photo' : "A stored photo's thumbnail",
          tags: ['objects'],
          params: z.object({ id: ObjectIdSchema }),
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
