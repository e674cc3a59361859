import type { AreaContents } from '../../../core/schemas/area.ts';
import type { MapSources } from '../../../core/schemas/map.ts';
import {
  downloadTiles,
  type DownloadProgress,
  type DownloadResult,
  type PartFailure,
} from './download.ts';
import { planFor, type AreaPlan } from './plan.ts';
import { areaCacheName, putArea, removeArea, type SavedArea } from '../../sw/saved-areas-store.ts';

/** What the player chose to save, and what the server gave for it. */
export interface AreaToSave {
  userId: string;
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  contents: AreaContents;
  plan: AreaPlan;
  sources: MapSources;
  /** The imagery host did not answer its probe: none of its tiles is asked for. */
  imageryDown: boolean;
  /** The saved area this one refreshes: removed once the new one is stored. */
  replaces?: string;
}

/** Why each part of the map stopped short, for the dialog to say. */
export interface Shortfalls {
  imagery?: PartFailure;
  streets?: PartFailure;
}

export interface Saved {
  area: SavedArea;
  shortfalls: Shortfalls;
}

/** The street map's archive as the map reads it: an absolute URL on its host. */
export const basemapUrlOf = (sources: MapSources) =>
  sources.basemap ? new URL(sources.basemap.url, window.location.href).href : null;

/** The parts' counts for the record, and their failures for the dialog. */
async function outcome(area: SavedArea, result: DownloadResult, cache: Cache): Promise<Saved> {
  const counts = (part: DownloadResult['imagery']) =>
    part && { done: part.done, total: part.total };
  return {
    area: {
      ...area,
      tiles: (await cache.keys()).length,
      imagery: counts(result.imagery),
      streets: counts(result.streets),
    },
    shortfalls: { imagery: result.imagery?.failure, streets: result.streets?.failure },
  };
}

/**
 * Downloads the area's tiles and stores it. The walls, artworks and missions are already in
 * hand, so a tile host out of reach costs only its part of the map; a refresh takes what the
 * host cannot give from the area it replaces. A cancel or a failure of the device leaves
 * nothing behind. The browser is asked to keep the site's storage (not evict it under pressure)
 * once an area is saved, since a player relies on it without signal.
 */
export async function saveArea(
  area: AreaToSave,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Saved> {
  const id = crypto.randomUUID();
  const facts = {
    id,
    userId: area.userId,
    name: area.name,
    latitude: area.latitude,
    longitude: area.longitude,
    radiusKm: area.radiusKm,
    contents: area.contents,
  };
  // Recorded first, so the worker's clean-up knows whose cache this is while it fills.
  await putArea({ ...facts, savedAt: Date.now(), bytes: 0, tiles: 0, pending: true });
  const cache = await caches.open(areaCacheName(id));
  try {
    const result = await downloadTiles({
      plan: area.plan,
      imagery: area.sources.satellite?.tiles ?? null,
      imageryDown: area.imageryDown,
      fresh: true,
      basemapUrl: basemapUrlOf(area.sources),
      cache,
      earlier: area.replaces ? await caches.open(areaCacheName(area.replaces)) : undefined,
      signal,
      onProgress,
    });
    signal.throwIfAborted();
    const bytes = result.bytes + new Blob([JSON.stringify(area.contents)]).size;
    const saved = await outcome({ ...facts, savedAt: Date.now(), bytes, tiles: 0 }, result, cache);
    await putArea(saved.area);
    if (area.replaces) await removeArea(area.replaces);
    void navigator.storage?.persist?.();
    return saved;
  } catch (error) {
    await removeArea(id);
    throw error;
  }
}

/**
 * Fetches the tiles a saved area is missing, and only those (the kept ones are found in its
 * cache). A cancel keeps what arrived.
 */
export async function retryArea(
  area: SavedArea,
  sources: MapSources,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Saved> {
  const cache = await caches.open(areaCacheName(area.id));
  const centre = { latitude: area.latitude, longitude: area.longitude };
  const result = await downloadTiles({
    plan: planFor(centre, area.radiusKm, sources),
    imagery: sources.satellite?.tiles ?? null,
    basemapUrl: basemapUrlOf(sources),
    cache,
    signal,
    onProgress,
  });
  const saved = await outcome({ ...area, bytes: area.bytes + result.bytes }, result, cache);
  await putArea(saved.area);
  return saved;
}
