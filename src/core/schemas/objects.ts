import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../constants.ts';

export { UPLOAD_LIMITS, type UploadPurpose } from '../constants.ts';

/** What an upload is for decides its byte limit (SPEC §5). */
export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES);

/** SPEC §7 sends no body; a purpose may be named, and defaults to discovery. */
export const UploadRequestSchema = z
  .object({ purpose: UploadPurposeSchema.default('discovery') })
  .nullish();

/** Where to PUT the bytes (SPEC §7 uploadURL), then where to ask for them to be processed. */
export const UploadTicketSchema = z.object({
  method: z.literal('PUT'),
  uploadURL: z.string(),
  completeURL: z.string(),
  objectURL: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const PhotoLocationSchema = z.object({ latitude: z.number(), longitude: z.number() });

/** A processed photo; `location` is the camera's GPS, offered to the uploader and not stored. */
export const CompletedUploadSchema = z.object({
  objectURL: z.string(),
  thumbnailURL: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  location: PhotoLocationSchema.nullable(),
});
export type CompletedUpload = z.infer<typeof CompletedUploadSchema>;
export type PhotoLocation = z.infer<typeof PhotoLocationSchema>;
