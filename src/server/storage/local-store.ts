import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectTooLargeError, assertKey, collect, type ObjectStore } from './object-store.ts';

/** Objects as files under DATA_DIR/objects; written to a temp name, renamed when complete. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertKey(key);
    const [area, id] = key.split('/') as [string, string];
    return path.join(this.root, area, id.slice(0, 2), id);
  }

  async put(key: string, body: Readable | Buffer, maxBytes = Infinity) {
    const target = this.file(key);
    const temp = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        // Stop reading as soon as the limit is passed: the rest is never buffered.
        if (size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    try {
      await pipeline(source, limit, createWriteStream(temp));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size };
  }

  async read(key: string, maxBytes: number) {
    const stream = await this.get(key);
    return stream ? collect(stream, maxBytes) : null;
  }

  async get(key: string) {
    const stream = createReadStream(this.file(key));
    return new Promise<Readable | null>((resolve) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', () => resolve(null));
    });
  }

  async delete(key: string) {
    await rm(this.file(key), { force: true });
  }

  async *list(area: string) {
    const dir = path.join(this.root, area);
    for (const shard of await namesIn(dir)) {
      for (const name of await namesIn(path.join(dir, shard))) {
        // A '.part' file is a write still arriving (or given up on, and removed by it).
        if (!name.endsWith('.part')) yield name;
      }
    }
  }

  async presignPut() {
    return null;
  }
}

/** The names in a directory; none when it does not exist (nothing was ever stored there). */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
