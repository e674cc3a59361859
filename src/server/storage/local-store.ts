import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectTooLargeError, type ObjectStore } from './object-store.ts';

const HEAD_BYTES = 64;

/** Objects as files under DATA_DIR/objects; written to a temp name, renamed when complete. */
export class LocalObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error('bad object key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, body: Readable, maxBytes: number) {
    const target = this.file(key);
    const temp = `${target}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    let size = 0;
    let head = Buffer.alloc(0);
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        // Stop reading as soon as the limit is passed: the rest is never buffered.
        if (size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES)]);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temp));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size, head };
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
}
