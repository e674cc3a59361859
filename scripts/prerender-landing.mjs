// After the client build: writes dist/client/landing.html, the app's page with the landing
// page's markup already inside it, served at / to a visitor with no session (src/server/http/static.ts,
// docs/decisions/030). It reads and links before any script has arrived; the app then replaces
// it with the same markup. Its scripts start once it has painted, through a small loader, so on
// a slow network the styles and the title's font are not sharing the line with the app's code.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';

const dist = new URL('../dist/', import.meta.url);
const page = await readFile(new URL('client/index.html', dist), 'utf8');
const { landingHtml } = await import(new URL('prerender/landing-html.js', dist).href);

/** Removes what `pattern` finds in the page, failing loudly if the build no longer writes it. */
function take(html, pattern, what) {
  const found = html.match(pattern);
  if (!found) throw new Error(`index.html: no ${what}`);
  return { html: html.replace(pattern, ''), found };
}

// Nobody is signed in here: the page has no early auth check (the server adds it only for a
// session, docs/decisions/041), and the app asks only if a session turns up.
const entry = take(page, /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, 'entry');
let html = entry.html;
const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
html = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');

// The title's font, fetched with the styles so the title paints once, in its own face.
const css = await readFile(
  new URL(`client${html.match(/href="(\/assets\/index-[^"]+\.css)"/)[1]}`, dist),
  'utf8',
);
const font = css.match(/url\((\/assets\/bungee-latin-400-normal-[^)]+\.woff2)\)/);
if (!font) throw new Error('index css: no Bungee woff2');

const loader = `// The landing page's app code, asked for once the page has painted (scripts/prerender-landing.mjs).
const modules = ${JSON.stringify(preloads.map((m) => m[1]))};
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(${JSON.stringify(entry.found[1])});
  }),
);
`;
const loaderName = `assets/landing-start-${createHash('sha256').update(loader).digest('hex').slice(0, 8)}.js`;
await writeFile(new URL(`client/${loaderName}`, dist), loader);

const head =
  `\n    <link rel="preload" href="${font[1]}" as="font" type="font/woff2" crossorigin>` +
  `\n    <script type="module" crossorigin src="/${loaderName}"></script>\n  </head>`;
html = html.replace(/\s*<\/head>/, head);

// The root's content (the loading name) runs to the end of the body.
const start = html.indexOf('<div id="root">');
const end = html.lastIndexOf('</body>');
if (start < 0 || end < start) throw new Error('index.html: no <div id="root"> before </body>');
// Links work on their own; a button needs the app, so it shows disabled until the app is there.
const markup = landingHtml().replace(/<button /g, '<button disabled="" ');
const landing =
  html.slice(0, start) +
  `<div id="root" data-landing="prerendered">${markup}</div>\n  ` +
  html.slice(end);

await writeFile(new URL('client/landing.html', dist), landing);
await rm(new URL('prerender/', dist), { recursive: true });
console.log(
  `landing.html: ${(landing.length / 1024).toFixed(1)} kB, ${preloads.length} modules after paint`,
);
