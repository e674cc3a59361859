/** What the server's own HTML pages (sign-in, sign-out, provider pages) share. */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The icon every server page names (without it the browser asks for a missing /favicon.ico).
 * The brand font in STYLE comes from the client's public files: a stable path, unlike the
 * bundle's hashed assets.
 */
export const PAGE_HEAD = `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`;

export const STYLE = `
@font-face{font-family:Bungee;font-style:normal;font-weight:400;font-display:swap;
  src:url(/fonts/bungee-latin-400.woff2) format('woff2')}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;
  font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#f4f4f5;
  background-color:#0c0c10;background-image:radial-gradient(circle at 15% 10%,#ff2d9533 0,transparent 40%),
  radial-gradient(circle at 85% 90%,#22d3ee33 0,transparent 45%)}
main{width:100%;max-width:400px;background:#17171f;border:1px solid #2e2e3a;border-radius:18px;
  padding:28px 24px;box-shadow:0 20px 60px #0008}
h1{margin:0;font:400 30px/1.2 Bungee,system-ui,sans-serif;letter-spacing:.01em}
h1 span{color:#ff2d95}
.tag{margin:2px 0 20px;color:#a1a1aa;font-size:14px}
nav{display:grid;grid-template-columns:1fr 1fr;gap:6px;background:#0c0c10;border-radius:12px;padding:4px;margin-bottom:20px}
nav a{display:block;text-align:center;padding:10px 6px;white-space:nowrap;border-radius:9px;color:#a1a1aa;text-decoration:none;font-weight:600;min-height:44px}
nav a[aria-current=page]{background:#db2777;color:#fff}
label{display:block;font-weight:600;margin:14px 0 6px;font-size:14px}
input{width:100%;min-height:48px;padding:10px 14px;border-radius:10px;border:1px solid #3f3f4a;
  background:#0c0c10;color:#f4f4f5;font-size:16px}
input:focus{outline:3px solid #22d3ee;outline-offset:1px;border-color:#22d3ee}
.hint{color:#a1a1aa;font-size:13px;margin:6px 0 0}
button{margin-top:22px;width:100%;min-height:50px;border:0;border-radius:12px;font-weight:800;font-size:17px;
  background:linear-gradient(90deg,#db2777,#7c3aed);color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #22d3ee;outline-offset:2px}
.error{background:#450a1a;border:1px solid #be123c;color:#fecdd3;border-radius:10px;padding:10px 14px;margin:0 0 8px}
.back{display:block;text-align:center;margin-top:18px;color:#67e8f9}
.forgot{display:block;text-align:right;margin-top:10px;font-size:14px;color:#67e8f9}
h2{margin:0 0 4px;font-size:20px}
h2+.hint{margin:0 0 8px}
[hidden]{display:none!important}
.or{display:flex;align-items:center;gap:12px;margin:20px 0 0;color:#a1a1aa;font-size:14px}
.or::before,.or::after{content:"";flex:1;border-top:1px solid #2e2e3a}
.passkey-error{margin:14px 0 0}
button.alt{margin-top:14px;background:#0c0c10;border:1px solid #3f3f4a;color:#f4f4f5;font-weight:700;font-size:16px}
button.alt:hover{border-color:#22d3ee}
button:disabled{opacity:.6;cursor:progress}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.08em;text-transform:uppercase}
`;
