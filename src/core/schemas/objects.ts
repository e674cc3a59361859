import { z } from 'zod';

/** What an upload is for decides its byte limit (SPEC §5). */
export const UploadPurposeSchema = z.enum(['discovery', 'graffiti', 'gallery', 'profile']);
export type UploadPurpose = z.infer<typeof UploadPurposeSchema>;

export const UPLOAD_LIMITS: Record<UploadPurpose, number> = {
  discovery: 10_485_760,
  graffiti: 10_485_760,
  gallery: 10_485_760,
  profile: 5_242_880,
};

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
