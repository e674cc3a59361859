import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  sessionCookieName,
  sessionHintCookieName,
  setSessionHint,
} from '../auth/session-cookie.ts';
import { pageHtml } from './share-tags.ts';

/** The early auth check (decision 030): the answer is on its way before the scripts arrive. */
const AUTH_PRELOAD =
  '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />';

/**
 * Serves the built client: hashed assets cached immutably, client routes fall back to
 * index.html (an artwork page's with its share tags, share-tags.ts), and unknown /api/* (and
 * photo, basemap, asset, icon, file-named) paths stay JSON 404s. `/` without a session cookie
 * is landing.html, the same page with the landing page's markup already in it
 * (scripts/prerender-landing.mjs): a visitor reads it before the scripts arrive.
 */
export async function registerClient(app: FastifyInstance): Promise<void> {
  const { clientDir, publicUrl } = app.config;
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // .br / .gz siblings written at build time (scripts/compress.mjs).
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default would override it with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasClient ? await readFile(path.join(clientDir, 'index.html'), 'utf8') : null;
  // The early auth check only for a browser whose app will ask: one holding a session or its
  // hint (docs/decisions/041); anyone else would be answered 401. The service worker's copy of
  // index.html, which it answers / with, has none.
  const withAuthCheck = indexHtml?.replace('</head>', `  ${AUTH_PRELOAD}\n  </head>`) ?? null;
  const landingFile = path.join(clientDir, 'landing.html');
  const landingHtml = existsSync(landingFile) ? await readFile(landingFile, 'utf8') : null;
  const cookieName = sessionCookieName(app.config);
  const hintName = sessionHintCookieName(app.config);

  // A missing file the page or the service worker asks for (an icon, the worker script) is a
  // 404, never the app's page under a file's name: the worker would keep it as that file.
  const FILE = /\.(m?js|css|png|svg|ico|webmanifest|json|woff2?)$/;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      !isPage ||
      url.startsWith('/api/') ||
      url.startsWith('/objects/') ||
      url.startsWith('/basemap/') ||
      url.startsWith('/assets/') ||
      url.startsWith('/icons/') ||
      FILE.test(url)
    ) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!indexHtml || !withAuthCheck) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web client is not built yet. Run `npm run build` (npm start does it for you).');
    }
    // Any session cookie, even a stale one, gets the plain page: a player must never see the
    // landing page flash before their map. The app sorts out a stale one as before.
    const atLanding = landingHtml !== null && url === '/';
    const session = request.cookies[cookieName];
    const hint = request.cookies[hintName];
    // A session from before the hint existed (or whose hint was lost) gets one, so the app asks
    // who is signed in (docs/decisions/041); a stale session then ends with that one answer.
    if (session && !hint) setSessionHint(reply, app.config);
    reply.header('vary', 'Cookie');
    const page = session || hint ? withAuthCheck : indexHtml;
    let html = page;
    if (atLanding && !session) html = landingHtml;
    else {
      try {
        html = await pageHtml(app.db, request, publicUrl, page);
      } catch (err) {
        // The page still works without its preview.
        request.log.error({ err }, 'share tags failed');
      }
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
