/**
 * The built-in sign-in / create-account / forgot-password page served at GET /api/login.
 * Works without JS.
 */

import { PAGE_HEAD, STYLE, escapeHtml } from './page-style.ts';
import { OIDC_PAGE_STYLE, providerButtons, type ProviderButton } from './oidc-pages.ts';
import { PASSKEY_SIGN_IN_SCRIPT, PASSKEY_SIGN_IN_SCRIPT_HASH } from './passkey-sign-in-script.ts';

export type LoginMode = 'signin' | 'signup' | 'recover';

export interface LoginPageOptions {
  mode: LoginMode;
  returnTo: string;
  error?: string;
  username?: string;
  /** OpenID Connect providers, offered as "Continue with <name>" (docs/decisions/035). */
  providers?: readonly ProviderButton[];
  /** Off: the built-in forms are hidden and only the providers remain. */
  passwordSignIn?: boolean;
}

/** Only the passkey script runs (by its hash), and it only talks to our own API. */
export const LOGIN_PAGE_CSP = `default-src 'none'; script-src ${PASSKEY_SIGN_IN_SCRIPT_HASH}; connect-src 'self'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const TITLES: Record<LoginMode, string> = {
  signin: 'Sign in',
  signup: 'Create account',
  recover: 'Forgot password',
};

const ACTIONS: Record<LoginMode, string> = {
  signin: '/api/login',
  signup: '/api/signup',
  recover: '/api/recover',
};

export function renderLoginPage(opts: LoginPageOptions): string {
  const rt = encodeURIComponent(opts.returnTo);
  const error = opts.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(opts.error)}</p>`
    : '';
  const described = opts.error ? ' aria-describedby="form-error"' : '';
  const current = (mode: LoginMode) => (opts.mode === mode ? ' aria-current="page"' : '');
  const form = opts.mode === 'recover' ? recoverForm : credentialsForm;
  const passwords = opts.passwordSignIn ?? true;
  const providers = providerButtons(opts.providers ?? [], opts.returnTo, passwords);
  const forms = passwords
    ? `<nav aria-label="Account">
    <a href="/api/login?returnTo=${rt}"${current('signin')}>Sign in</a>
    <a href="/api/login?mode=signup&amp;returnTo=${rt}"${current('signup')}>Create account</a>
  </nav>
  ${opts.mode === 'recover' ? RECOVER_INTRO : ''}
  <form method="post" action="${ACTIONS[opts.mode]}"${described}>
    ${error}
    <input type="hidden" name="returnTo" value="${escapeHtml(opts.returnTo)}">
    ${form(opts, rt)}
  </form>`
    : '';
  // Without the forms an error goes above the provider buttons.
  const providerPart = passwords ? providers : `${error}${providers}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${passwords ? TITLES[opts.mode] : 'Sign in'} · StreetScope</title>
${PAGE_HEAD}
<style>${STYLE}${opts.providers?.length ? OIDC_PAGE_STYLE : ''}</style>
</head>
<body>
<main>
  <h1>Street<span>Scope</span></h1>
  <p class="tag">Discover, document, and share urban art worldwide</p>
  ${opts.mode === 'recover' && passwords ? '' : providerPart}
  ${forms}
  ${opts.mode === 'signin' ? PASSKEY_AREA : ''}
  <a class="back" href="/">Back to StreetScope</a>
</main>
</body>
</html>`;
}

const usernameField = (opts: LoginPageOptions) => `<label for="username">Username</label>
    <input id="username" name="username" autocomplete="username" required maxlength="30"
      value="${escapeHtml(opts.username ?? '')}" autocapitalize="none" spellcheck="false" autofocus>`;

function credentialsForm(opts: LoginPageOptions, rt: string): string {
  const signup = opts.mode === 'signup';
  return `${usernameField(opts)}
    ${signup ? '<p class="hint">3–30 letters, digits, dot, dash or underscore.</p>' : ''}
    <label for="password">Password</label>
    <input id="password" name="password" type="password" required minlength="8" maxlength="128"
      autocomplete="${signup ? 'new-password' : 'current-password'}">
    ${signup ? '<p class="hint">At least 8 characters. Long phrases are great.</p>' : `<a class="forgot" href="/api/login?mode=recover&amp;returnTo=${rt}">Forgot password?</a>`}
    <button type="submit">${TITLES[opts.mode]}</button>`;
}

/** Shown by its script only where the browser has WebAuthn (docs/decisions/036). */
const PASSKEY_AREA = `<div id="passkey-area" hidden>
    <p class="or">or</p>
    <p class="error passkey-error" role="alert" id="passkey-error" hidden></p>
    <button type="button" class="alt" id="passkey">Sign in with a passkey</button>
  </div>
  <script>${PASSKEY_SIGN_IN_SCRIPT}</script>`;

const RECOVER_INTRO = `<h2>Forgot password?</h2>
  <p class="hint">Use one of the recovery codes you saved from your profile. Each code works once,
    and every device signed in to your account is signed out.</p>`;

/** A recovery code (made on the profile) sets a new password; every other device signs out. */
function recoverForm(opts: LoginPageOptions): string {
  return `${usernameField(opts)}
    <label for="code">Recovery code</label>
    <input id="code" name="code" class="code" required maxlength="20" placeholder="XXXX-XXXX"
      autocomplete="one-time-code" autocapitalize="characters" spellcheck="false">
    <label for="password">New password</label>
    <input id="password" name="password" type="password" required minlength="8" maxlength="128"
      autocomplete="new-password">
    <p class="hint">At least 8 characters. Long phrases are great.</p>
    <button type="submit">Set password and sign in</button>`;
}

export function renderSignOutConfirmPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out · StreetScope</title>${PAGE_HEAD}<style>${STYLE}</style></head>
<body><main><h1>Street<span>Scope</span></h1><p class="tag">Do you want to sign out?</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<a class="back" href="/">Stay signed in</a></main></body></html>`;
}
