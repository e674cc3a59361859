import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The sign-in page's one script (docs/decisions/036): "Sign in with a passkey", shown only where
 * the browser has WebAuthn. It is SimpleWebAuthn's browser bundle and the few lines below,
 * inlined and allowed by its hash, so the page's CSP stays without 'self' or 'unsafe-inline'.
 */

const browserPackage = path.dirname(
  path.dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
);
const library = readFileSync(
  path.join(browserPackage, 'dist', 'bundle', 'index.umd.min.js'),
  'utf8',
);

const SIGN_IN = `
(() => {
  const area = document.getElementById('passkey-area');
  if (!area || !window.PublicKeyCredential) return;
  const button = document.getElementById('passkey');
  const error = document.getElementById('passkey-error');
  const returnTo = document.querySelector('input[name=returnTo]').value;
  area.hidden = false;
  const show = (message) => {
    error.textContent = message;
    error.hidden = false;
  };
  const post = async (url, body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(data.message || 'Signing in with a passkey failed. Please try again.');
    return data;
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    error.hidden = true;
    try {
      const { options } = await post('/api/passkeys/sign-in/options', {});
      let response;
      try {
        response = await SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: options });
      } catch {
        show('No passkey was used. Try again, or sign in with your username and password.');
        return;
      }
      const result = await post('/api/passkeys/sign-in', { response, returnTo });
      location.assign(result.returnTo);
    } catch (err) {
      show(err.message);
    } finally {
      button.disabled = false;
    }
  });
})();
`;

export const PASSKEY_SIGN_IN_SCRIPT = `${library}\n${SIGN_IN}`;

/** For the page's CSP: exactly this script may run. */
export const PASSKEY_SIGN_IN_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PASSKEY_SIGN_IN_SCRIPT).digest('base64')}'`;
