import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { rangeKey, SAVING_AREA_FRAGMENT, SAVING_AREA_HEADER } from '../../sw/routes.ts';
import type { TilePart } from '../../sw/saved-areas-store.ts';
import { tileUrl, tilesOf, type AreaPlan } from './plan.ts';

/*
 * Downloads an area's tiles into its own cache (docs/decisions/037-saved-areas.md), under the
 * keys the service worker looks for: each imagery tile under the URL the map asks for, each
 * street-map range under the archive's URL and the range, as the worker keeps ranges. Each kind
 * is kept as far as its host answers: a host out of reach costs that part, never the others.
 */

/** Tiles fetched at once: as many as a browser opens to one host. */
const PARALLEL = 6;

export interface DownloadProgress {
  done: number;
  total: number;
}

/** Why a part stopped short: its host gave no answer, or answered with an error. */
export type PartFailure = 'unreachable' | 'refused';

export interface PartResult extends TilePart {
  failure?: PartFailure;
}

export interface DownloadResult {
  /** Bytes added to the cache. */
  bytes: number;
  imagery?: PartResult;
  streets?: PartResult;
}

/** Runs `work` for every item, PARALLEL at a time, in order of the items. */
async function eachInParallel<T>(items: Iterable<T>, work: (item: T) => Promise<void>) {
  const iterator = items[Symbol.iterator]();
  const next = async (): Promise<void> => {
    for (let item = iterator.next(); !item.done; item = iterator.next()) await work(item.value);
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
}

/** What was put in the cache: the answer's bytes and its ETag. */
interface Kept {
  body: ArrayBuffer;
  etag: string | undefined;
}

/** Keeps a whole answer's bytes in the cache, and hands them back for use without a re-read. */
async function keep(cache: Cache, key: string, response: Response): Promise<Kept> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  const body = await response.arrayBuffer();
  await cache.put(key, new Response(body, { status: 200, headers }));
  return { body, etag: headers.get('etag') ?? undefined };
}

/**
 * One part's host. Its first failure ends its requests: a host out of reach would otherwise be
 * asked hundreds of times, each waiting for the network to give up.
 */
class Host {
  failure?: PartFailure;
  constructor(down: boolean) {
    if (down) this.failure = 'unreachable';
  }

  /** The answer when `accepted`, else null (and the host counts as failed). */
  async ask(url: string, init: RequestInit, accepted: (status: number) => boolean) {
    if (this.failure) return null;
    try {
      const response = await fetch(url, init);
      if (accepted(response.status)) return response;
      this.failure = 'refused';
    } catch (error) {
      if (init.signal?.aborted) throw error;
      this.failure = 'unreachable';
    }
    return null;
  }
}

/** Where a part's tiles come from: the cache first (what an earlier try kept), then its host. */
interface Fill {
  cache: Cache;
  host: Host;
  /** The refreshed area's cache: a tile its host cannot give now is taken from there. */
  earlier: Cache | undefined;
  /** `cache` was made for this download: nothing is in it yet. */
  fresh: boolean;
  signal: AbortSignal;
}

/**
 * What an earlier try kept of `key` in this part's cache. A cache made for this download holds
 * nothing yet: each key is asked for once, not looked up for nothing first (hundreds of lookups
 * held a save with its imagery host down past half a minute).
 */
async function keptBefore({ cache, fresh }: Fill, key: string): Promise<Response | undefined> {
  return fresh ? undefined : cache.match(key);
}

/** A kept copy of `key` from the earlier area, put in this one's cache; or null. */
async function fromEarlier({ cache, earlier }: Fill, key: string): Promise<Kept | null> {
  const copy = await earlier?.match(key);
  return copy ? keep(cache, key, copy) : null;
}

/**
 * The street-map archive read range by range as the map reads it (pmtiles' own FetchSource
 * asks for the same ranges), each range kept in the area's cache as it arrives.
 */
class SavingSource implements Source {
  bytes = 0;
  constructor(
    private url: string,
    private fill: Fill,
  ) {}

  getKey() {
    return this.url;
  }

  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    const range = `bytes=${offset}-${offset + length - 1}`;
    const key = rangeKey(this.url, range);
    const before = await keptBefore(this.fill, key);
    if (before) {
      return { data: await before.arrayBuffer(), etag: before.headers.get('etag') ?? undefined };
    }
    const response = await this.fill.host.ask(
      this.url,
      { headers: { range, [SAVING_AREA_HEADER]: 'true' }, signal },
      (status) => status === 206,
    );
    const kept = response
      ? await keep(this.fill.cache, key, response)
      : await fromEarlier(this.fill, key);
    if (!kept) throw new Error('street map out of reach');
    this.bytes += kept.body.byteLength;
    return { data: kept.body, etag: kept.etag };
  }
}

/** Runs `work` for one tile; a cancel leaves the tile missing rather than failing the part. */
async function unlessCancelled(signal: AbortSignal, work: () => Promise<boolean>) {
  if (signal.aborted) return false;
  try {
    return await work();
  } catch (error) {
    if (signal.aborted) return false;
    throw error;
  }
}

async function fillImagery(plan: AreaPlan, templates: string[], fill: Fill, step: () => void) {
  const part = { done: 0, total: plan.imageryTiles, bytes: 0 };
  await eachInParallel(tilesOf(plan.imagery), async ([z, x, y]) => {
    const url = tileUrl(templates, z, x, y);
    const kept = await unlessCancelled(fill.signal, async () => {
      if (await keptBefore(fill, url)) return true;
      // A 404 is no imagery there: the map shows nothing there either.
      const response = await fill.host.ask(
        `${url}${SAVING_AREA_FRAGMENT}`,
        { cache: 'no-store', mode: 'cors', signal: fill.signal },
        (status) => status === 200 || status === 404,
      );
      if (!response) {
        const copy = await fromEarlier(fill, url);
        part.bytes += copy?.body.byteLength ?? 0;
        return copy !== null;
      }
      if (response.status === 200)
        part.bytes += (await keep(fill.cache, url, response)).body.byteLength;
      return true;
    });
    if (kept) part.done++;
    step();
  });
  return part;
}

async function fillStreets(plan: AreaPlan, url: string, fill: Fill, step: () => void) {
  const source = new SavingSource(url, fill);
  const archive = new PMTiles(source);
  let done = 0;
  await eachInParallel(tilesOf(plan.streets), async ([z, x, y]) => {
    const kept = await unlessCancelled(fill.signal, async () => {
      try {
        await archive.getZxy(z, x, y, fill.signal);
        return true;
      } catch (error) {
        // Only the host's failure costs the tile; anything else (a full disk) fails the save.
        if (fill.host.failure) return false;
        throw error;
      }
    });
    if (kept) done++;
    step();
  });
  return { done, total: plan.streetTiles, bytes: source.bytes };
}

/**
 * Fetches every tile of the plan not yet in `cache`, telling progress after each. A part whose
 * host fails keeps what it has (and what `earlier` holds of the rest); a cancel stops both parts
 * where they are. `imageryDown` skips the imagery host, already found out of reach; `fresh` says
 * `cache` was opened for this download (empty).
 */
export async function downloadTiles({
  plan,
  imagery,
  imageryDown = false,
  fresh = false,
  basemapUrl,
  cache,
  earlier,
  signal,
  onProgress,
}: {
  plan: AreaPlan;
  imagery: string[] | null;
  imageryDown?: boolean;
  fresh?: boolean;
  basemapUrl: string | null;
  cache: Cache;
  earlier?: Cache;
  signal: AbortSignal;
  onProgress: (progress: DownloadProgress) => void;
}): Promise<DownloadResult> {
  const total = (imagery ? plan.imageryTiles : 0) + (basemapUrl ? plan.streetTiles : 0);
  let done = 0;
  const step = () => onProgress({ done: ++done, total });
  onProgress({ done, total });
  const result: DownloadResult = { bytes: 0 };
  const fill = (down: boolean): Fill => ({ cache, host: new Host(down), earlier, fresh, signal });
  if (imagery) {
    const part = fill(imageryDown);
    const { bytes, ...counts } = await fillImagery(plan, imagery, part, step);
    result.imagery = { ...counts, failure: part.host.failure };
    result.bytes += bytes;
  }
  if (basemapUrl) {
    const part = fill(false);
    const { bytes, ...counts } = await fillStreets(plan, basemapUrl, part, step);
    result.streets = { ...counts, failure: part.host.failure };
    result.bytes += bytes;
  }
  return result;
}
