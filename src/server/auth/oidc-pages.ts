import { PAGE_HEAD, STYLE, escapeHtml } from './page-style.ts';

/** The OpenID Connect parts of the server-rendered sign-in pages (docs/decisions/035). */

export interface ProviderButton {
  id: string;
  name: string;
}

export const OIDC_PAGE_STYLE = `
.providers{display:grid;gap:10px;margin:0 0 20px}
.provider{display:flex;align-items:center;justify-content:center;min-height:50px;padding:10px 16px;
  border-radius:12px;border:1px solid #3f3f4a;background:#f4f4f5;color:#0c0c10;font-weight:800;
  font-size:16px;text-decoration:none;text-align:center}
.provider:hover{background:#fff}
.provider:focus-visible{outline:3px solid #22d3ee;outline-offset:2px}
.or{display:flex;align-items:center;gap:12px;color:#a1a1aa;font-size:13px;margin:0 0 18px}
.or::before,.or::after{content:"";flex:1;height:1px;background:#2e2e3a}
.hint a{color:#67e8f9}
`;

/** "Continue with <name>" links that start a provider's sign-in, and "or" before the forms. */
export function providerButtons(
  providers: readonly ProviderButton[],
  returnTo: string,
  formsFollow: boolean,
): string {
  if (providers.length === 0) return '';
  const rt = encodeURIComponent(returnTo);
  const links = providers
    .map(
      (p) =>
        `<a class="provider" href="/api/login/oidc/${encodeURIComponent(p.id)}?returnTo=${rt}">Continue with ${escapeHtml(p.name)}</a>`,
    )
    .join('\n    ');
  return `<div class="providers">
    ${links}
  </div>${formsFollow ? '\n  <p class="or">or with a StreetScope password</p>' : ''}`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · StreetScope</title>
${PAGE_HEAD}
<style>${STYLE}${OIDC_PAGE_STYLE}</style>
</head>
<body>
<main>
  <h1>Street<span>Scope</span></h1>
  ${body}
</main>
</body>
</html>`;
}

/** A first sign-in through a provider: the player picks the name others will see. */
export function renderChooseUsernamePage(opts: {
  providerName: string;
  username: string;
  error?: string;
  passwordSignIn: boolean;
}): string {
  const error = opts.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(opts.error)}</p>`
    : '';
  const described = opts.error ? ' aria-describedby="form-error"' : '';
  const existing = opts.passwordSignIn
    ? `<p class="hint">Already have a StreetScope account? <a href="/api/login">Sign in</a> with it,
    then link ${escapeHtml(opts.providerName)} on your profile.</p>`
    : '';
  return page(
    'Choose a username',
    `<p class="tag">Signed in with ${escapeHtml(opts.providerName)}</p>
  <h2>Choose a username</h2>
  <p class="hint">This is how other players will see you.</p>
  <form method="post" action="/api/login/oidc/username"${described}>
    ${error}
    <label for="username">Username</label>
    <input id="username" name="username" autocomplete="username" required maxlength="30"
      value="${escapeHtml(opts.username)}" autocapitalize="none" spellcheck="false" autofocus>
    <p class="hint">3–30 letters, digits, dot, dash or underscore.</p>
    <button type="submit">Create account</button>
  </form>
  ${existing}
  <a class="back" href="/">Back to StreetScope</a>`,
  );
}

/** A sign-in that could not go on: why, and the way back to the sign-in page. */
export function renderSignInProblemPage(message: string): string {
  return page(
    'Sign in',
    `<p class="error" role="alert">${escapeHtml(message)}</p>
  <a class="back" href="/api/login">Back to sign in</a>`,
  );
}
