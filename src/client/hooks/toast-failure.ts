import { serverMessage } from '../lib/query-client.ts';
import { handleUnauthorized } from './use-require-auth-redirect.ts';
import { toast } from './use-toast.ts';

/**
 * What an action that failed tells the player: a lost session goes to sign-in (SPEC §8),
 * anything else is a toast with the server's reason, or `fallback` when it gave none.
 */
export const toastFailure = (title: string, fallback: string) => (error: unknown) => {
  if (handleUnauthorized(error)) return;
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
};
