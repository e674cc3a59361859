/// <reference lib="webworker" />
import type { RouteHandlerCallback } from 'workbox-core';
import { CacheExpiration } from 'workbox-expiration';
import { savedTile } from './saved-areas-store.ts';
import { rangeKey } from './routes.ts';

export const BASEMAP_CACHE = 'basemap-ranges';

/** About 2,000 tiles and directories of the street map: a few towns' worth at street zoom. */
const expiration = new CacheExpiration(BASEMAP_CACHE, {
  maxEntries: 4000,
  maxAgeSeconds: 90 * 24 * 60 * 60,
});

const asPartial = (kept: Response) =>
  new Response(kept.body, { status: 206, statusText: 'Partial Content', headers: kept.headers });

/** Answers a street-map range from the kept ranges, a saved area's, or the network. */
export const basemapRange: RouteHandlerCallback = async ({ request }) => {
  const key = rangeKey(request.url, request.headers.get('range') ?? '');
  const cache = await caches.open(BASEMAP_CACHE);
  const kept = await cache.match(key);
  if (kept) {
    await expiration.updateTimestamp(key);
    return asPartial(kept);
  }
  const saved = await savedTile(key);
  if (saved) return asPartial(saved);
  const response = await fetch(request);
  if (response.status === 206) {
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    await cache.put(
      key,
      new Response(await response.clone().arrayBuffer(), { status: 200, headers }),
    );
    await expiration.updateTimestamp(key);
    void expiration.expireEntries();
  }
  return response;
};
