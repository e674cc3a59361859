import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ObjectTooLargeError,
  assertKey,
  collect,
  type ObjectStore,
  type StoredPart,
} from './object-store.ts';

const UPLOAD_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** A part's file is named '<partNumber>-<md5>', so its ETag is known without reading it. */
const PART_FILE = /^(\d{1,5})-([0-9a-f]{32})$/;

/** Where the local store under `root` keeps the object `key`: <area>/<first two of id>/<id>. */
export function localObjectPath(root: string, key: string): string {
  assertKey(key);
  const [area, id] = key.split('/') as [string, string];
  return path.join(root, area, id.slice(0, 2), id);
}

/** Objects as files under DATA_DIR/objects; written to a temp name, renamed when complete. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  private file(key: string) {
    return localObjectPath(this.root, key);
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

  /** Parts wait under multipart/<uploadId>/, outside the areas objects are listed from. */
  private partsDir(uploadId: string) {
    if (!UPLOAD_ID.test(uploadId)) throw new Error('bad upload id');
    return path.join(this.root, 'multipart', uploadId);
  }

  async createMultipart(key: string) {
    assertKey(key);
    const uploadId = randomBytes(18).toString('base64url');
    await mkdir(this.partsDir(uploadId), { recursive: true });
    return uploadId;
  }

  async presignPart() {
    return null;
  }

  async putPart(uploadId: string, partNumber: number, body: Readable, maxBytes: number) {
    const dir = this.partsDir(uploadId);
    const temp = path.join(dir, `${partNumber}.${randomBytes(6).toString('hex')}.part`);
    const md5 = createHash('md5');
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temp, { flags: 'wx' }));
    } catch (err) {
      await rm(temp, { force: true });
      // The directory is gone when the upload was aborted or completed meanwhile.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingUploadError();
      throw err;
    }
    const etag = md5.digest('hex');
    // A part sent again replaces the earlier one, as in S3.
    const earlier = (await namesIn(dir)).filter((name) => name.startsWith(`${partNumber}-`));
    await rename(temp, path.join(dir, `${partNumber}-${etag}`));
    for (const name of earlier) {
      if (name !== `${partNumber}-${etag}`) await rm(path.join(dir, name), { force: true });
    }
    return { partNumber, etag, size };
  }

  async listParts(_key: string, uploadId: string) {
    const dir = this.partsDir(uploadId);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const parts: StoredPart[] = [];
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const { size } = await stat(path.join(dir, name));
      parts.push({ partNumber: Number(match[1]), etag: match[2]!, size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(key: string, uploadId: string, parts: StoredPart[]) {
    const dir = this.partsDir(uploadId);
    async function* joined() {
      for (const part of parts) {
        yield* createReadStream(path.join(dir, `${part.partNumber}-${part.etag}`));
      }
    }
    await this.put(key, Readable.from(joined()));
    await rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(_key: string, uploadId: string) {
    await rm(this.partsDir(uploadId), { recursive: true, force: true });
  }
}

/** A part sent for an upload that was completed or aborted while it arrived. */
export class MissingUploadError extends Error {
  constructor() {
    super('This upload no longer exists.');
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
