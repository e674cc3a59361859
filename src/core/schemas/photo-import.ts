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

const purpose = UploadPurposeSchema.default('discovery');

/**
 * POST /api/objects/import/provider: a photo the player chose in a cloud folder, fetched by the
 * server like a link (docs/decisions/054-photos-from-cloud-folders.md).
 */
export const ProviderImportRequestSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('dropbox'),
    link: z
      .string()
      .trim()
      .min(1, "must be the chosen file's link")
      .max(PHOTO_LINK_MAX_LENGTH, `must be at most ${PHOTO_LINK_MAX_LENGTH} characters`)
      .describe("The direct link the Dropbox Chooser gave for the chosen file (linkType 'direct')"),
    purpose,
  }),
  z.object({
    provider: z.literal('google-drive'),
    fileId: z
      .string()
      .regex(/^[\w-]{10,200}$/, 'must be a Google Drive file id')
      .describe('The id of the file chosen in the Google Picker'),
    accessToken: z
      .string()
      .regex(/^[\x21-\x7e]{1,4096}$/, 'must be a Google OAuth access token')
      .describe("The player's drive.file token: used for this download only, never kept"),
    purpose,
  }),
]);
export type ProviderImportRequest = z.infer<typeof ProviderImportRequestSchema>;
