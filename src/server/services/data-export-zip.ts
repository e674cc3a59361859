import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import type { Db } from '../db/client.ts';
import { objectKeys, type ObjectStore } from '../storage/object-store.ts';
import { gatherPlayerData, photoFileName } from './data-export.ts';

/**
 * The player's data download as a zip stream: each photo is read from the store and passed
 * through one at a time (photos are already compressed), then the JSON, deflated. Only one
 * photo's chunks are in flight; writing waits while the client is slower than the store.
 */
export async function exportZip(
  db: Db,
  store: ObjectStore,
  userId: string,
  log: FastifyBaseLogger,
): Promise<{ username: string; stream: Readable }> {
  const data = await gatherPlayerData(db, userId);
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });

  /** False once the client has gone: the rest is not read. */
  async function flowing(): Promise<boolean> {
    if (out.destroyed) return false;
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    return !out.destroyed;
  }

  async function addPhoto(photo: (typeof data.photos)[number]): Promise<string | null> {
    const source = await store.get(objectKeys.display(photo.id));
    if (!source) return null;
    const name = photoFileName(photo.id, photo.contentType);
    const entry = new ZipPassThrough(name);
    entry.mtime = photo.createdAt;
    zip.add(entry);
    for await (const chunk of source as AsyncIterable<Buffer>) {
      entry.push(chunk);
      if (!(await flowing())) {
        source.destroy();
        return null;
      }
    }
    entry.push(new Uint8Array(0), true);
    return name;
  }

  void (async () => {
    const photos = [];
    for (const photo of data.photos) {
      // A photo missing from the store is listed with no file rather than failing the download.
      photos.push({ ...photo, file: await addPhoto(photo) });
      if (out.destroyed) return;
    }
    const json = new ZipDeflate(DATA_EXPORT_FILE, { level: 6 });
    zip.add(json);
    const document = { exportedAt: new Date(), ...data, photos };
    json.push(new TextEncoder().encode(JSON.stringify(document, null, 2)), true);
    zip.end();
  })().catch((err: unknown) => {
    log.error({ err }, 'data download failed while streaming');
    zip.terminate();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return { username: data.account.username, stream: out };
}
