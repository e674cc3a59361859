// After the client build: writes dist/client/landing.html, the app's page with the landing
// page's markup already inside it, served at / to a visitor with no session (src/server/static.ts,
// docs/decisions/030). It reads and links before any script has arrived; the app then replaces
// it with the same markup.
import { readFile, rm, writeFile } from 'node:fs/promises';

const dist = new URL('../dist/', import.meta.url);
const page = await readFile(new URL('client/index.html', dist), 'utf8');
const { landingHtml } = await import(new URL('prerender/landing-html.js', dist).href);

// Nobody is signed in here: the auth check the plain page starts early is left to the app.
const preload = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/;
if (!preload.test(page)) throw new Error('index.html: no preload of /api/auth/user');
const unsignedPage = page.replace(preload, '');

// The root's content (the loading name) runs to the end of the body.
const start = unsignedPage.indexOf('<div id="root">');
const end = unsignedPage.lastIndexOf('</body>');
if (start < 0 || end < start) throw new Error('index.html: no <div id="root"> before </body>');
const landing =
  unsignedPage.slice(0, start) +
  `<div id="root" data-landing="prerendered">${landingHtml()}</div>\n  ` +
  unsignedPage.slice(end);

await writeFile(new URL('client/landing.html', dist), landing);
await rm(new URL('prerender/', dist), { recursive: true });
console.log(`landing.html: ${(landing.length / 1024).toFixed(1)} kB`);
