import { z } from 'zod';
import { IsoDateSchema } from './common.ts';

/** OpenID Connect providers on the profile (docs/decisions/035-openid-connect.md). */

export const ProviderParamsSchema = z.object({
  provider: z
    .string()
    .max(32)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Unknown provider.'),
});

export const SignInMethodsSchema = z.object({
  /** The account has a password and password sign-in is on. */
  password: z.boolean(),
  /** This server takes passwords at all (PASSWORD_SIGN_IN). */
  passwordSignIn: z.boolean(),
  /** The account has at least one passkey (docs/decisions/036). */
  passkey: z.boolean(),
  /** Every configured provider; linkedAt is null when it is not linked to this account. */
  providers: z.array(
    z.object({ id: z.string(), name: z.string(), linkedAt: IsoDateSchema.nullable() }),
  ),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

/** Where to send the browser: the provider's login page. */
export const LinkStartSchema = z.object({ url: z.url() });
