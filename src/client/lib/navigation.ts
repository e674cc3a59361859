/** Browser navigations (not data calls) for signing in and out (SPEC §2). */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';

export function goTo(url: string): void {
  window.location.href = url;
}
