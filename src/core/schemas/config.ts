import { z } from 'zod';
import { MapSourcesSchema } from './map.ts';

/** The only server configuration the browser sees (GET /api/config). */
export const PublicConfigSchema = z.object({
  auth: z.object({ mode: z.enum(['local']), loginUrl: z.string(), logoutUrl: z.string() }),
  payments: z.object({ enabled: z.boolean(), publishableKey: z.string().nullable() }),
  defaultLocation: z.object({ latitude: z.number(), longitude: z.number() }),
  trailer: z.object({ youtubeId: z.string().nullable() }),
  map: MapSourcesSchema,
  /**
   * Resumable multipart uploads for photos over 5 MB (docs/decisions/047); the cloud folders a
   * photo may come from, each null unless its keys are set (docs/decisions/054).
   */
  uploads: z.object({
    multipart: z.boolean(),
    providers: z.object({
      dropbox: z.object({ appKey: z.string() }).nullable(),
      googleDrive: z
        .object({ clientId: z.string(), apiKey: z.string(), appId: z.string() })
        .nullable(),
    }),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const SubscriptionSetupSchema = z.object({ clientSecret: z.string() });
