/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/033-installable-app-and-offline-reads.md): the app shell
 * precached, pages network-first with the shell as the offline answer, the API's reads
 * network-first with the last answer kept for offline, photos and map tiles kept within a cap,
 * and the street map's byte ranges kept one by one. A new version waits until the player
 * chooses to reload.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { basemapRange } from './sw/basemap-ranges.ts';
import { answerOutboxSync } from './sw/outbox-sync.ts';
import { PLAYER_CACHE, playerReads } from './sw/player-reads.ts';
import { answerPush } from './sw/push.ts';
import { KEPT_READS, NO_SHELL, TILE_PATH, isSavingArea } from './sw/routes.ts';
import { keepOnlyAreasOf, savedTile } from './sw/saved-areas-store.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages come from the server while it answers (it writes each artwork page's share tags); the
// precached shell answers when it does not.
const shell = createHandlerBoundToURL('/index.html');
const pages = new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 10 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return shell(options);
      }
    },
    { denylist: NO_SHELL },
  ),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && KEPT_READS.test(url.pathname),
  playerReads,
);

// Signing out leaves nothing of the player behind.
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname === '/api/logout') {
    event.waitUntil(Promise.all([caches.delete(PLAYER_CACHE), keepOnlyAreasOf(null)]));
  }
});

/** The cap on kept photos and tiles: the oldest used go first (LRU). */
const kept = (maxEntries: number) => [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({
    maxEntries,
    maxAgeSeconds: 30 * 24 * 60 * 60,
    purgeOnQuotaError: true,
  }),
];

// The screens past the landing page (the map and its library among them) are kept once loaded,
// rather than precached: the shell stays small and a player downloads only what they open.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'screens', plugins: kept(200) }),
);

// A photo's URL names its bytes, which never change.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/objects/'),
  new CacheFirst({ cacheName: 'photos', plugins: kept(300) }),
);

// A saved area's tiles first (docs/decisions/037-saved-areas.md), then those kept as seen.
const seenTiles = new CacheFirst({ cacheName: 'map-tiles', plugins: kept(2000) });
registerRoute(
  ({ url, request }) =>
    url.origin !== self.location.origin && TILE_PATH.test(url.pathname) && !isSavingArea(request),
  async (options) => (await savedTile(options.request.url)) ?? seenTiles.handle(options),
);

// The map's other data from its imagery servers (3D buildings, styles): kept for offline. A saved
// area's download is not (its tiles are fetched like data), nor answered from here.
registerRoute(
  ({ url, request }) =>
    url.origin !== self.location.origin && request.destination === '' && !isSavingArea(request),
  new NetworkFirst({ cacheName: 'map-data', plugins: kept(50) }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/basemap/') &&
    request.headers.has('range') &&
    !isSavingArea(request),
  basemapRange,
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

answerOutboxSync();
answerPush();
