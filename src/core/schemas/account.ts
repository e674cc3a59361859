import { z } from 'zod';

/**
 * Deleting an account: the player types their username and password again, so a left-open
 * session or a stray click cannot do it.
 */
export const DeleteAccountSchema = z.object({
  username: z.string().trim().min(1, 'is required').max(200),
  password: z.string().min(1, 'is required').max(1000),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
