import { z } from 'zod';
import { PASSKEY_NAME_MAX } from '../constants.ts';
import { IsoDateSchema } from './common.ts';
import { RETURN_TO_MAX_LENGTH } from '../return-path.ts';

/** WebAuthn's binary fields travel as base64url text (WebAuthn Level 3 JSON encoding). */
const base64url = (max: number) =>
  z
    .string()
    .min(1, 'is required')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** What navigator.credentials.create() answered, as JSON (SimpleWebAuthn's startRegistration). */
export const RegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8000),
    attestationObject: base64url(32000),
    authenticatorData: base64url(8000).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8000).optional(),
  }),
});

/** What navigator.credentials.get() answered, as JSON (SimpleWebAuthn's startAuthentication). */
export const AuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8000),
    authenticatorData: base64url(8000),
    // Room for post-quantum signatures: ML-DSA-87's 4,627 bytes are 6,170 characters here.
    signature: base64url(8000),
    userHandle: base64url(200).optional(),
  }),
});

/** Options for navigator.credentials.create() / get(), WebAuthn JSON (with the challenge). */
export const PasskeyOptionsSchema = z.object({
  options: z.looseObject({ challenge: z.string() }),
});

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(PASSKEY_NAME_MAX, `must be at most ${PASSKEY_NAME_MAX} characters`);

export const AddPasskeySchema = z.object({
  response: RegistrationResponseSchema,
  /** Defaults to the device it was added on ("Chrome on Android"). */
  name: PasskeyNameSchema.optional(),
});

export const RenamePasskeySchema = z.object({ name: PasskeyNameSchema });

export const PasskeyParamsSchema = z.object({ id: z.uuid('must be a passkey id') });

export const PasskeySignInSchema = z.object({
  response: AuthenticationResponseSchema,
  returnTo: z.string().max(RETURN_TO_MAX_LENGTH).optional(),
});

/** One of the player's passkeys as the profile lists it. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: IsoDateSchema,
  /** Null until it has signed in once. */
  lastUsedAt: IsoDateSchema.nullable(),
  /** Synced by a passkey provider (kept on more than one device). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
