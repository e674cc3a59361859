import { z } from 'zod';

/** Who a deleted account's forum posts and first finds are shown as. */
export const DELETED_PLAYER = 'deleted player';

/** The file inside the data download that holds everything but the photos. */
export const DATA_EXPORT_FILE = 'streetscope-data.json';

/**
 * Deleting an account: the player types their username and password again, so a left-open
 * session or a stray click cannot do it.
 */
export const DeleteAccountSchema = z.object({
  username: z.string().trim().min(1, 'is required').max(200),
  password: z.string().min(1, 'is required').max(1000),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
