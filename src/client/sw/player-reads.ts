/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { NetworkFirst } from 'workbox-strategies';
import { PLAYER_CACHE, WHO, idOf, tell } from './player.ts';
import { onePlayersAreas, savedAreaAnswers } from './saved-area-reads.ts';

export { PLAYER_CACHE };

/**
 * A fresh answer to "who is signed in" that names someone else than the kept one (or no one)
 * empties the cache before anything is kept for the new player, so one player's data is never
 * shown to the next on a shared device.
 */
const onePlayer: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (new URL(request.url).pathname !== WHO) return response;
    const cache = await caches.open(PLAYER_CACHE);
    const kept = await cache.match(WHO);
    if (kept && (await idOf(kept)) !== (await idOf(response))) await caches.delete(PLAYER_CACHE);
    return response;
  },
};

/** Tells the open pages where each answer came from. */
const toldWhereFrom: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    void tell({ type: 'LIVE_ANSWER' });
    return response;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (cachedResponse) {
      const at = Date.parse(cachedResponse.headers.get('date') ?? '') || Date.now();
      void tell({ type: 'OFFLINE_ANSWER', at });
    }
    return cachedResponse;
  },
};

/**
 * Network first: an answer right after a capture must show it, so the cache answers only when
 * the network does not.
 */
export const playerReads = new NetworkFirst({
  cacheName: PLAYER_CACHE,
  plugins: [
    onePlayer,
    onePlayersAreas,
    savedAreaAnswers,
    toldWhereFrom,
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true }),
  ],
});
