import { RETURN_TO_MAX_LENGTH, safeReturnTo } from '../../core/return-path.ts';

/** Browser navigations (not data calls) for signing in and out (SPEC §2). */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

/** SPEC §4 and §9: a signed-out visit to a signed-in screen goes to sign-in after 500 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export function goTo(url: string): void {
  window.location.href = url;
}

/** The page the player is on, path and query, as a return path for sign-in. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * The sign-in page (or, with mode 'signup', the create-account page) that brings the player back
 * to `returnTo` afterwards. Only a path on our own site is carried (the server checks it again);
 * one too long for /api/login to accept is dropped rather than making that page answer 400.
 */
export function loginUrl({
  returnTo = '/',
  mode,
}: { returnTo?: string; mode?: 'signup' } = {}): string {
  const params = new URLSearchParams();
  if (mode) params.set('mode', mode);
  const path = safeReturnTo(returnTo);
  if (path !== '/' && path.length <= RETURN_TO_MAX_LENGTH) params.set('returnTo', path);
  const query = params.toString();
  return query ? `${LOGIN_URL}?${query}` : LOGIN_URL;
}
