/**
 * Where sign-in sends a player back to: only a path on our own site. Shared by the server's
 * /api/login (the redirect after sign-in) and the client (the path it asks to come back to).
 */

/** The longest return path /api/login accepts in its query and form (longer is a 400 there). */
export const RETURN_TO_MAX_LENGTH = 500;

const SAME_SITE_BASE = 'http://streetscope.invalid';

/**
 * Only a path on our own site, percent-encoded as a browser would send it. Parsed the WHATWG way
 * (as browsers do: TAB and newlines dropped, a backslash read as `/`), so `//host`, `/\host` or
 * `/<TAB>/host` can never become a redirect to another host, and a Location header only ever
 * carries ASCII. Anything else is `/`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > RETURN_TO_MAX_LENGTH) {
    return '/';
  }
  let url: URL;
  try {
    url = new URL(value, SAME_SITE_BASE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SAME_SITE_BASE || path.startsWith('//') || path.length > 2000) return '/';
  return path;
}
