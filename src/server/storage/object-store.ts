import type { Readable } from 'node:stream';

/** Where photo bytes live: local disk by default; an S3-compatible bucket in production. */
export interface ObjectStore {
  /** Writes the stream; rejects with ObjectTooLargeError past maxBytes and stores nothing. */
  put(key: string, body: Readable, maxBytes: number): Promise<{ size: number; head: Buffer }>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The photo is larger than ${Math.round(maxBytes / 1_048_576)} MB.`);
  }
}
