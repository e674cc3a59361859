import { randomBytes } from 'node:crypto';
import type { Db } from '../src/server/db/client.ts';
import { objects } from '../src/server/db/schema.ts';

/**
 * Photos a player has stored, as the upload route leaves them once processed: what pays for a
 * find. For tests of many paid finds, where uploading each through the real route would only
 * add time; the upload itself is tested in the uploads tests. Near-copy checks see no hash.
 */
export async function storedPhotos(
  db: Db,
  ownerId: string,
  n: number,
  gps: { latitude: number; longitude: number } | null = null,
): Promise<string[]> {
  const rows = Array.from({ length: n }, () => ({
    id: randomBytes(16).toString('base64url'),
    ownerId,
    purpose: 'discovery',
    contentType: 'image/jpeg',
    size: 1000,
    gpsLatitude: gps?.latitude ?? null,
    gpsLongitude: gps?.longitude ?? null,
  }));
  await db.insert(objects).values(rows);
  return rows.map((r) => `/objects/${r.id}`);
}

/** One stored photo of the player's. */
export async function storedPhoto(db: Db, ownerId: string): Promise<string> {
  const [url] = await storedPhotos(db, ownerId, 1);
  return url!;
}
