import type { Readable } from 'node:stream';

/**
 * Where photo bytes live: local disk by default, an S3-compatible bucket when S3_* is set.
 * Keys are '<area>/<id>': 'staging' holds raw uploads until they are checked and processed
 * (never served), 'display' and 'thumb' the re-encoded renditions that are served.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes the bytes; past maxBytes it rejects with ObjectTooLargeError and keeps nothing. */
  put(key: string, body: Readable | Buffer, maxBytes?: number): Promise<{ size: number }>;
  /** The whole object, refused with ObjectTooLargeError past maxBytes; null when missing. */
  read(key: string, maxBytes: number): Promise<Buffer | null>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** The ids of the objects stored under `area` ('staging', ...), complete writes only. */
  list(area: string): AsyncIterable<string>;
  /** A presigned URL the browser PUTs the bytes to, or null when the app receives them itself. */
  presignPut(key: string, expiresInSeconds: number): Promise<string | null>;
}

export const objectKeys = {
  staging: (id: string) => `staging/${id}`,
  display: (id: string) => `display/${id}`,
  thumb: (id: string) => `thumb/${id}`,
};

const KEY = /^[a-z]+\/[A-Za-z0-9_-]+$/;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error('bad object key');
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The photo is larger than ${Math.round(maxBytes / 1_048_576)} MB.`);
  }
}

/** Collects a stream into memory, stopping (and destroying it) as soon as it passes maxBytes. */
export async function collect(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new ObjectTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
