import type { AreaContents } from '../../../core/schemas/area.ts';
import type { MapSources } from '../../../core/schemas/map.ts';
import { downloadTiles, type DownloadProgress } from './download.ts';
import type { AreaPlan } from './plan.ts';
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
  /** The saved area this one refreshes: removed once the new one is complete. */
  replaces?: string;
}

/** The street map's archive as the map reads it: an absolute URL on its host. */
export const basemapUrlOf = (sources: MapSources) =>
  sources.basemap ? new URL(sources.basemap.url, window.location.href).href : null;

/**
 * Downloads the area's tiles and stores it; a failure or a cancel leaves nothing behind. The
 * browser is asked to keep the site's storage (not evict it under pressure) once an area is
 * saved, since a player relies on it without signal.
 */
export async function saveArea(
  area: AreaToSave,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<SavedArea> {
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
    const tileBytes = await downloadTiles({
      plan: area.plan,
      imagery: area.sources.satellite?.tiles ?? null,
      basemapUrl: basemapUrlOf(area.sources),
      cache,
      signal,
      onProgress,
    });
    const saved: SavedArea = {
      ...facts,
      savedAt: Date.now(),
      bytes: tileBytes + new Blob([JSON.stringify(area.contents)]).size,
      tiles: (await cache.keys()).length,
    };
    await putArea(saved);
    if (area.replaces) await removeArea(area.replaces);
    void navigator.storage?.persist?.();
    return saved;
  } catch (error) {
    await removeArea(id);
    throw error;
  }
}
