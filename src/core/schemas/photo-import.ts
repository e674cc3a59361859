import { z } from 'zod';
import { PHOTO_LINK_MAX_LENGTH } from '../constants.ts';
import { UploadPurposeSchema } from './objects.ts';

/** POST /api/objects/import: a link to a photo, fetched by the server as if it were uploaded. */
export const PhotoImportRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'must be a link to a photo')
    .max(PHOTO_LINK_MAX_LENGTH, `must be at most ${PHOTO_LINK_MAX_LENGTH} characters`)
    .describe('An http or https link to a photo'),
  purpose: UploadPurposeSchema.default('discovery'),
});
export type PhotoImportRequest = z.infer<typeof PhotoImportRequestSchema>;
