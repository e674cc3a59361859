import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { rangeKey, SAVING_AREA_HEADER } from '../../sw/routes.ts';
import { tileUrl, tilesOf, type AreaPlan } from './plan.ts';

/*
 * Downloads an area's tiles into its own cache (docs/decisions/037-saved-areas.md), under the
 * keys the service worker looks for: each imagery tile under the URL the map asks for, each
 * street-map range under the archive's URL and the range, as the worker keeps ranges.
 */

/** Tiles fetched at once: as many as a browser opens to one host. */
const PARALLEL = 6;

export interface DownloadProgress {
  done: number;
  total: number;
}

/** Runs `work` for every item, PARALLEL at a time, in order of the items. */
async function eachInParallel<T>(items: Iterable<T>, work: (item: T) => Promise<void>) {
  const iterator = items[Symbol.iterator]();
  const next = async (): Promise<void> => {
    for (let item = iterator.next(); !item.done; item = iterator.next()) await work(item.value);
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
}

/** Keeps a whole answer's bytes in the cache; returns how many. */
async function keep(cache: Cache, key: string, response: Response): Promise<number> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  const body = await response.arrayBuffer();
  await cache.put(key, new Response(body, { status: 200, headers }));
  return body.byteLength;
}

/**
 * The street-map archive read range by range as the map reads it (pmtiles' own FetchSource
 * asks for the same ranges), each range kept in the area's cache as it arrives.
 */
class SavingSource implements Source {
  bytes = 0;
  constructor(
    private url: string,
    private cache: Cache,
  ) {}

  getKey() {
    return this.url;
  }

  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    const range = `bytes=${offset}-${offset + length - 1}`;
    const response = await fetch(this.url, {
      headers: { range, [SAVING_AREA_HEADER]: 'true' },
      signal,
    });
    if (response.status !== 206) throw new Error(`street map range refused: ${response.status}`);
    const data = await response.clone().arrayBuffer();
    this.bytes += await keep(this.cache, rangeKey(this.url, range), response);
    return { data, etag: response.headers.get('etag') ?? undefined };
  }
}

/**
 * Fetches every tile of the plan into `cache`, telling progress after each; stops at the
 * first failure or when `signal` aborts. Returns the bytes kept. An imagery host's 404 (no
 * imagery there) is skipped, as the map shows nothing there either.
 */
export async function downloadTiles({
  plan,
  imagery,
  basemapUrl,
  cache,
  signal,
  onProgress,
}: {
  plan: AreaPlan;
  imagery: string[] | null;
  basemapUrl: string | null;
  cache: Cache;
  signal: AbortSignal;
  onProgress: (progress: DownloadProgress) => void;
}): Promise<number> {
  const total = (imagery ? plan.imageryTiles : 0) + (basemapUrl ? plan.streetTiles : 0);
  let done = 0;
  let bytes = 0;
  const step = () => onProgress({ done: ++done, total });
  onProgress({ done, total });
  if (imagery) {
    await eachInParallel(tilesOf(plan.imagery), async ([z, x, y]) => {
      const url = tileUrl(imagery, z, x, y);
      const response = await fetch(url, { cache: 'no-store', mode: 'cors', signal });
      if (response.ok) bytes += await keep(cache, url, response);
      else if (response.status !== 404) throw new Error(`imagery tile refused: ${response.status}`);
      step();
    });
  }
  if (basemapUrl) {
    const source = new SavingSource(basemapUrl, cache);
    const archive = new PMTiles(source);
    await eachInParallel(tilesOf(plan.streets), async ([z, x, y]) => {
      await archive.getZxy(z, x, y, signal);
      step();
    });
    bytes += source.bytes;
  }
  return bytes;
}
