import { SESSION_HINT_COOKIE } from '../../core/session-hint.ts';

const NAMES = [SESSION_HINT_COOKIE, `__Host-${SESSION_HINT_COOKIE}`];

/**
 * Whether this browser holds a session, from the cookie the server sets beside the HttpOnly one
 * (docs/decisions/041-signed-out-without-401.md): without it nobody is signed in here, and who
 * is signed in need not be asked. A stale hint is cleared by the server's 401 to that question.
 * A page reads its cookies; a service worker reads them with the Cookie Store API where it has
 * one, and otherwise cannot tell, so it asks as before.
 */
export async function holdsSession(): Promise<boolean> {
  if (typeof document !== 'undefined') {
    return document.cookie.split('; ').some((pair) => NAMES.includes(pair.split('=')[0] ?? ''));
  }
  const store = (globalThis as { cookieStore?: CookieStore }).cookieStore;
  if (!store) return true;
  const found = await Promise.all(NAMES.map((name) => store.get(name)));
  return found.some(Boolean);
}
