import { useEffect } from 'react';
import { useAuth } from './use-auth.ts';
import { toast } from './use-toast.ts';
import { isUnauthorizedError } from '../lib/query-client.ts';
import { currentPath, goTo, LOGIN_REDIRECT_DELAY_MS, loginUrl } from '../lib/navigation.ts';

let pending: ReturnType<typeof setTimeout> | null = null;

/**
 * SPEC §8: toast 'Unauthorized' / 'You are logged out. Logging in again...' and go to
 * /api/login after 500 ms, which brings the player back to this page. One redirect at a time
 * however many calls fail together; the timer lives outside React, so it still fires if the
 * page unmounts meanwhile.
 */
export function redirectToLogin(): void {
  if (pending !== null) return;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  pending = setTimeout(() => {
    pending = null;
    goTo(loginUrl({ returnTo: currentPath() }));
  }, LOGIN_REDIRECT_DELAY_MS);
}

/** Redirects to login when the error is a 401 answer; returns whether it did. */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  redirectToLogin();
  return true;
}

/**
 * For screens behind sign-in (profile, community): when the player is not signed in, or one of
 * the screen's data loads answers 401 (the session ended on the server while the page was
 * open), send them to login after 500 ms. (Signed-out visitors normally never get here: the
 * router sends them to sign-in itself, features/sign-in/signing-in-page.tsx.)
 */
export function useRequireAuthRedirect(...errors: unknown[]): void {
  const { isLoading, isAuthenticated } = useAuth();
  const unauthorized = (!isLoading && !isAuthenticated) || errors.some(isUnauthorizedError);
  useEffect(() => {
    if (unauthorized) redirectToLogin();
  }, [unauthorized]);
}
