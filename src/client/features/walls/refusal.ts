import { handleUnauthorized } from '../../hooks/use-require-auth-redirect.ts';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';

/**
 * A mutation's onError for the walls' forms: a 401 goes to sign-in, any other refusal shows
 * the server's reason ("… is already mapped 40 m from here") under `title`.
 */
export const toastRefusal = (title: string) => (error: unknown) => {
  if (handleUnauthorized(error)) return;
  toast({
    title,
    description: serverMessage(error) ?? 'Please try again.',
    variant: 'destructive',
  });
};
