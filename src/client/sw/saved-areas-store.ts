import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AreaContents } from '../../core/schemas/area.ts';

/*
 * Saved areas on the device (docs/decisions/037-saved-areas.md): each area's facts and
 * contents in IndexedDB, its tiles and street-map ranges in a Cache of its own, so removing
 * an area frees its storage in one step. Used by the page and the service worker alike.
 */

/** One kind of map tile an area keeps: how many of those it planned are in, of how many. */
export interface TilePart {
  done: number;
  total: number;
}

export interface SavedArea {
  id: string;
  /** The player who saved it: nobody else's map ever reads it. */
  userId: string;
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Epoch milliseconds. */
  savedAt: number;
  /** Bytes stored: the contents as JSON and every tile and range. */
  bytes: number;
  tiles: number;
  contents: AreaContents;
  /**
   * The imagery and street-map tiles kept, absent where the map has no such source. A part short
   * of its total (its host could not be reached) can be fetched again later.
   */
  imagery?: TilePart;
  streets?: TilePart;
  /** Still downloading: its cache is being filled, and nothing reads it yet. */
  pending?: boolean;
}

interface AreasDB extends DBSchema {
  areas: { key: string; value: SavedArea; indexes: { byUser: string } };
}

const DB_NAME = 'streetscope-areas';
const CACHE_PREFIX = 'saved-area:';

/** The Cache holding one area's tiles and ranges. */
export const areaCacheName = (id: string) => `${CACHE_PREFIX}${id}`;

let opened: Promise<IDBPDatabase<AreasDB>> | null = null;
function db() {
  opened ??= openDB<AreasDB>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('areas', { keyPath: 'id' }).createIndex('byUser', 'userId');
    },
  });
  return opened;
}

/** The player's saved areas, newest first. */
export async function listAreas(userId: string): Promise<SavedArea[]> {
  const areas = await (await db()).getAllFromIndex('areas', 'byUser', userId);
  return areas.filter((a) => !a.pending).sort((a, b) => b.savedAt - a.savedAt);
}

/** A download takes minutes; one pending for longer was cut short (its tab closed). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Removes the player's downloads that were cut short, and their tiles. */
export async function removeAbandoned(userId: string, now = Date.now()): Promise<void> {
  for (const area of await (await db()).getAllFromIndex('areas', 'byUser', userId)) {
    if (area.pending && now - area.savedAt > ABANDONED_AFTER_MS) await removeArea(area.id);
  }
}

export async function putArea(area: SavedArea): Promise<void> {
  await (await db()).put('areas', area);
}

/** Removes an area and frees its tiles. */
export async function removeArea(id: string): Promise<void> {
  await (await db()).delete('areas', id);
  await caches.delete(areaCacheName(id));
}

/**
 * Removes every area not saved by `userId` (all of them for null), downloads under way
 * included, and any tile cache without its area: a shared device keeps only the signed-in
 * player's areas.
 */
export async function keepOnlyAreasOf(userId: string | null): Promise<void> {
  const database = await db();
  const kept = new Set<string>();
  for (const area of await database.getAll('areas')) {
    if (area.userId === userId) kept.add(areaCacheName(area.id));
    else await database.delete('areas', area.id);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && !kept.has(name)) await caches.delete(name);
  }
}

/** A tile or range from any saved area's cache, or undefined. */
export async function savedTile(key: string): Promise<Response | undefined> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX)) continue;
    const found = await (await caches.open(name)).match(key);
    if (found) return found;
  }
  return undefined;
}
