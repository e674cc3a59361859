import path from 'node:path';
import type { Config } from '../config/config.ts';
import { LocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * S3-compatible when S3_* is configured, otherwise files under DATA_DIR/objects. The AWS SDK
 * (about 40 MB and 0.2 s to load) is loaded only for S3 (docs/decisions/050).
 */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (!config.s3) return new LocalObjectStore(path.join(config.dataDir, 'objects'));
  const { S3ObjectStore } = await import('./s3-store.ts');
  return new S3ObjectStore(config.s3);
}

/** The origin browsers PUT uploads to, for the CSP's connect-src; none for local storage. */
export function uploadOrigin(config: Config): string | null {
  const s3 = config.s3;
  if (!s3) return null;
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const origin = new URL(s3.endpoint).origin;
  if (s3.forcePathStyle) return origin;
  const url = new URL(origin);
  url.hostname = `${s3.bucket}.${url.hostname}`;
  return url.origin;
}
