import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import type { BasemapSource } from '../../core/schemas/map.ts';
import type { BasemapConfig } from '../config/map-sources.ts';

/** Where this server serves its archive: the version makes the URL safe to cache forever. */
export const archiveUrl = (version: string) => `/basemap/${version}/streets.pmtiles`;
export const ARCHIVE_VERSION = /^[A-Za-z0-9_-]{16}$/;

/** PMTiles v3 archives start with these 8 bytes (the format's magic number and version). */
const PMTILES_V3 = Buffer.from('PMTiles\x03', 'latin1');

/**
 * The archive file's version, from its size, modification time and inode: replacing the file
 * gives it a new URL, so no cache ever mixes bytes of two archives. Null when it is gone.
 */
export async function archiveVersion(file: string): Promise<string | null> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return null;
    return createHash('sha256')
      .update(`${s.size}:${s.mtimeMs}:${s.ino}`)
      .digest('base64url')
      .slice(0, 16);
  } catch {
    return null;
  }
}

/** Refuses to start on a file that is missing or not a PMTiles v3 archive, saying which. */
export async function checkArchive(file: string): Promise<void> {
  const problem = (why: string) =>
    new Error(`Invalid configuration:\n  MAP_BASEMAP_PMTILES: ${file} ${why}`);
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    throw problem('cannot be read (is the path right? relative paths start at DATA_DIR)');
  }
  try {
    const head = Buffer.alloc(PMTILES_V3.length);
    await handle.read(head, 0, head.length, 0);
    if (!head.equals(PMTILES_V3)) throw problem('is not a PMTiles v3 archive');
  } finally {
    await handle.close();
  }
}

/** What the browser is told about the street map (GET /api/config), or null for none. */
export async function publicBasemap(basemap: BasemapConfig | null): Promise<BasemapSource | null> {
  if (!basemap) return null;
  const { flavor, attribution } = basemap;
  if ('url' in basemap.archive) return { url: basemap.archive.url, flavor, attribution };
  const version = await archiveVersion(basemap.archive.file);
  // A file removed while the server runs: the map falls back to its offline basemap.
  return version ? { url: archiveUrl(version), flavor, attribution } : null;
}
