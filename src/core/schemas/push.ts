import { z } from 'zod';
import { PUSH_TOPICS } from '../push-topics.ts';

/** How many bytes a base64url text holds (padding allowed, as some browsers send it). */
function decodedBytes(text: string): number | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 6) / 8);
}

const base64url = (bytes: number) =>
  z
    .string()
    .max(200)
    .refine((v) => decodedBytes(v) === bytes, `must be ${bytes} bytes, base64url-encoded`);

/** Real push services' endpoints are a few hundred characters. */
const PUSH_ENDPOINT_MAX = 1000;

/** A device's push subscription as the browser gives it (PushSubscription.toJSON()). */
export const PushSubscribeSchema = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscribe = z.infer<typeof PushSubscribeSchema>;

export const PushDeviceSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

/** GET /api/push: whether the server pushes at all, the player's topics and devices. */
export const PushSettingsSchema = z.object({
  /** The server's VAPID public key (base64url) to subscribe with; null when push is off. */
  publicKey: z.string().nullable(),
  /** The topics the player turned on. */
  topics: z.array(z.enum(PUSH_TOPICS)),
  devices: z.array(PushDeviceSchema),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

export const PushTopicParamsSchema = z.object({ topic: z.enum(PUSH_TOPICS) });

/**
 * What the service worker receives, decrypted: it shows `title` and `body` and opens `url` (a
 * path of this app) when the notification is tapped; `id` is the inbox item's.
 */
export interface PushPayload {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
}
