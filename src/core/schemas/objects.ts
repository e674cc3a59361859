import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../constants.ts';

export { UPLOAD_LIMITS, type UploadPurpose } from '../constants.ts';

/** What an upload is for decides its byte limit (SPEC §5). */
export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES);

/** SPEC §7 sends no body; a purpose may be named, and defaults to discovery. */
export const UploadRequestSchema = z
  .object({ purpose: UploadPurposeSchema.default('discovery') })
  .nullish();

export const UploadResponseSchema = z.object({
  uploadURL: z.string(),
  objectURL: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
