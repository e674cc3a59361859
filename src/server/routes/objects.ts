import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../core/schemas/common.ts';
import { UploadRequestSchema, UploadResponseSchema } from '../../core/schemas/objects.ts';
import { requireUser, signedInOnly } from '../auth/plugin.ts';
import { notFound } from '../errors.ts';
import { createUploadUrl, findObject, receiveUpload } from '../services/objects.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';

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
        response: { 200: UploadResponseSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(db, `upload:${user.id}`, config.rateLimits.uploadsPerUser);
      return createUploadUrl(db, user.id, request.body?.purpose ?? 'discovery');
    },
  );

  app.put(
    '/api/objects/uploads/:token',
    {
      preValidation: signedInOnly,
      schema: {
        summary: 'Upload the photo bytes (the request body is the file)',
        tags: ['objects'],
        params: z.object({ token: z.string().min(1).max(64) }),
        response: {
          200: z.object({ objectURL: z.string(), size: z.number(), contentType: z.string() }),
          401: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
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

  app.get(
    '/objects/:id',
    {
      schema: {
        summary: 'A stored photo',
        tags: ['objects'],
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) }),
      },
    },
    async (request, reply) => {
      const row = await findObject(db, request.params.id);
      const stream = row ? await objectStore.get(row.id) : null;
      if (!row || !stream) throw notFound('Photo not found');
      return reply
        .type(row.contentType)
        .header('content-length', row.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );
};

export default objectRoutes;
