/// <reference lib="webworker" />
import type { RouteHandlerCallback } from 'workbox-core';
import { CacheExpiration } from 'workbox-expiration';

export const BASEMAP_CACHE = 'basemap-ranges';

/** About 2,000 tiles and directories of the street map: a few towns' worth at street zoom. */
const expiration = new CacheExpiration(BASEMAP_CACHE, {
  maxEntries: 4000,
  maxAgeSeconds: 90 * 24 * 60 * 60,
});

/**
 * The Cache API keeps no partial answers, so each byte range the map reads is kept as a whole
 * answer of its own under the archive's URL plus the range, and handed back as the 206 the map
 * asked for. The URL carries the archive's version, so a kept range never goes stale.
 */
export const rangeKey = (url: string, range: string): string =>
  `${url.split('?')[0]}?range=${encodeURIComponent(range)}`;

const asPartial = (kept: Response) =>
  new Response(kept.body, { status: 206, statusText: 'Partial Content', headers: kept.headers });

export const basemapRange: RouteHandlerCallback = async ({ request }) => {
  const key = rangeKey(request.url, request.headers.get('range') ?? '');
  const cache = await caches.open(BASEMAP_CACHE);
  const kept = await cache.match(key);
  if (kept) {
    await expiration.updateTimestamp(key);
    return asPartial(kept);
  }
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
