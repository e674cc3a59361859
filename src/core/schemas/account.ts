import { z } from 'zod';
import { IsoDateSchema } from './common.ts';

/**
 * Deleting an account: the player types their username and password again, so a left-open
 * session or a stray click cannot do it.
 */
export const DeleteAccountSchema = z.object({
  username: z.string().trim().min(1, 'is required').max(200),
  password: z.string().min(1, 'is required').max(1000),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

/** One of the player's sessions: a browser or app signed in to the account. */
export const SessionSchema = z.object({
  /** A public id for ending it: never the cookie or its hash. */
  id: z.string(),
  /** "Chrome on Android", from the browser that signed in; null when it did not say. */
  device: z.string().nullable(),
  /** ISO 3166 country code when the deployment's proxy tells it; null when unknown. */
  country: z.string().nullable(),
  createdAt: IsoDateSchema,
  /** Moved forward at most every five minutes. */
  lastSeenAt: IsoDateSchema,
  /** The session this request came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionParamsSchema = z.object({ id: z.uuid('must be a session id') });

export const EndedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;

/** The new password follows the sign-up rules; the messages say which one it breaks. */
export const ChangePasswordSchema = z.object({
  /** Required once the account has a password; an account made through a provider sets its first without. */
  currentPassword: z.string().min(1, 'is required').max(1000).optional(),
  newPassword: z.string().min(1, 'is required').max(1000),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ConfirmPasswordSchema = z.object({
  password: z.string().min(1, 'is required').max(1000),
});

export const RecoveryCodeStatusSchema = z.object({
  /** Unused codes left; 0 also when none were ever made. */
  remaining: z.number().int(),
  /** When the current set was made; null when never. */
  createdAt: IsoDateSchema.nullable(),
});
export type RecoveryCodeStatus = z.infer<typeof RecoveryCodeStatusSchema>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
