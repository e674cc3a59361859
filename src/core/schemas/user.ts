import { z } from 'zod';
import { IsoDateSchema } from './common.ts';
import { RETURN_TO_MAX_LENGTH } from '../return-path.ts';
import { ROLES } from '../roles.ts';

/** What the account may do beyond playing; read-only, set by the operator (decision 025). */
export const RoleSchema = z.enum(ROLES);

/** SPEC §3 User, plus Pro status. Level is derived from the score by src/core/rules.ts. */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  createdAt: IsoDateSchema,
  level: z.number().int(),
  discoveries: z.number().int(),
  /** Artworks this player logged before anyone else (docs/decisions/021). */
  firstFinds: z.number().int(),
  tokens: z.number().int(),
  score: z.number().int(),
  isPro: z.boolean(),
  /** player, moderator or admin: shown to the client, changed only by `npm run admin`. */
  role: RoleSchema,
  /** Set while a moderator's suspension lasts: the player can read but not write. */
  suspendedUntil: IsoDateSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(USERNAME_PATTERN, 'Username may use letters, digits, dot, dash and underscore.');

/** ASVS 5.0 §6.2: 8–128 characters, no composition rules (common passwords are refused separately). */
export const PasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const CredentialsSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
  returnTo: z.string().max(RETURN_TO_MAX_LENGTH).optional(),
});

/** A JSON sign-in or sign-up: where to go next (a form post is redirected there instead). */
export const SignInResultSchema = z.object({ ok: z.literal(true), returnTo: z.string() });

/** Forgot password: a recovery code of the named account and the new password. */
export const RecoverSchema = z.object({
  username: z.string().max(200),
  code: z.string().max(100),
  password: z.string().max(1000),
  returnTo: z.string().max(RETURN_TO_MAX_LENGTH).optional(),
});
