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

  // Resumable uploads (docs/decisions/047-resumable-uploads.md): parts kept by the store under
  // its own upload id until they are joined into `key` or thrown away.
  /** Starts a multipart upload of `key`; returns the store's upload id. */
  createMultipart(key: string): Promise<string>;
  /** A presigned URL the browser PUTs one part to, or null when the app receives parts itself. */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Promise<string | null>;
  /** Only where presignPart gives null: keeps one part; past maxBytes rejects, keeping nothing. */
  putPart?(
    uploadId: string,
    partNumber: number,
    body: Readable,
    maxBytes: number,
  ): Promise<StoredPart>;
  /** The parts received so far, by part number; null when the store knows no such upload. */
  listParts(key: string, uploadId: string): Promise<StoredPart[] | null>;
  /** Joins the parts, in order, into the object `key` and forgets the upload. */
  completeMultipart(key: string, uploadId: string, parts: StoredPart[]): Promise<void>;
  /** Throws the parts away; an upload the store no longer knows is already gone. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

/** A received part; `etag` is the MD5 of its bytes in hex, without S3's quotes. */
export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** S3 quotes its ETags and clients may or may not: compared without the quotes. */
export const bareEtag = (etag: string) => etag.replace(/"/g, '');

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
