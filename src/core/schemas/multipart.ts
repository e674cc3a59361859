import { z } from 'zod';
import { MAX_PART_NUMBER } from '../constants.ts';
import { UploadPurposeSchema } from './objects.ts';

export { MAX_PART_NUMBER };

/** SPEC §5's words for a part that cannot be signed. */
export const CANNOT_SIGN = 'Cannot sign without a key, an uploadId, and a partNumber';

/**
 * What the uploader sends about the file (SPEC §7: filename, type, metadata). The metadata
 * names the purpose, which sets the size limit, and may give the size so an oversized photo is
 * refused before any part is sent.
 */
export const MultipartMetadataSchema = z
  .object({
    purpose: UploadPurposeSchema.default('discovery'),
    size: z.coerce.number().int().nonnegative().optional(),
  })
  .catchall(z.unknown());

export const CreateMultipartBodySchema = z.object({
  filename: z.string().max(255).optional(),
  type: z.string().max(255).optional(),
  metadata: MultipartMetadataSchema.default({ purpose: 'discovery' }),
});

export const MultipartCreatedSchema = z.object({ uploadId: z.string(), key: z.string() });

export const ListedPartSchema = z.object({
  PartNumber: z.number().int(),
  ETag: z.string(),
  Size: z.number().int(),
});

export const SignedPartSchema = z.object({
  url: z.string(),
  /** Seconds the URL stays valid. */
  expires: z.number().int(),
});

export const CompleteMultipartBodySchema = z.object({
  parts: z
    .array(
      z.object({
        PartNumber: z.number().int().min(1).max(MAX_PART_NUMBER),
        ETag: z.string().min(1).max(200),
      }),
    )
    .min(1)
    .max(MAX_PART_NUMBER),
});
export type CompleteMultipartBody = z.infer<typeof CompleteMultipartBodySchema>;

/** `location` is where the photo will be served once processed at `completeURL`. */
export const MultipartCompletedSchema = z.object({
  location: z.string(),
  key: z.string(),
  completeURL: z.string(),
  objectURL: z.string(),
});
export type MultipartCompleted = z.infer<typeof MultipartCompletedSchema>;

/** SPEC §3: the generic helper's upload parameters (url, method, fields, headers). */
export const UploadParamsSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
  completeURL: z.string(),
  objectURL: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
