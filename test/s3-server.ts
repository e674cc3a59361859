import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { Config, S3Config } from '../src/server/config/config.ts';
import { createTestApp, signUp, type Player, type TestApp } from './app.ts';

/** s3rver's fixed credentials; it checks SigV4 signatures with them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server on a free port with one empty bucket, for the S3 store's tests. */
export async function startS3Server(): Promise<{ s3: S3Config; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'streetscope-s3-'));
  const bucket = 'streetscope-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      forcePathStyle: true,
      ...CREDENTIALS,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface StoreUnderTest {
  name: 'local' | 's3';
  /** Config overrides for createTestApp; started lazily so the local run needs no server. */
  setUp(): Promise<Partial<Config>>;
  tearDown(): Promise<void>;
}

/** The same upload tests run against both stores (issue: local disk and S3-compatible). */
export function storesUnderTest(): StoreUnderTest[] {
  let server: Awaited<ReturnType<typeof startS3Server>> | null = null;
  return [
    { name: 'local', setUp: async () => ({}), tearDown: async () => {} },
    {
      name: 's3',
      setUp: async () => {
        server = await startS3Server();
        return { s3: server.s3 };
      },
      tearDown: async () => {
        await server?.close();
      },
    },
  ];
}

/** A fresh app on `store`, with `config` changed, and two signed-up players, for one describe block. */
export function appOnStore(
  store: StoreUnderTest,
  config: Partial<Config> = {},
): { t: TestApp; alice: Player; bob: Player } {
  const ctx = {} as { t: TestApp; alice: Player; bob: Player };
  beforeAll(async () => {
    ctx.t = await createTestApp({ seed: false, config: { ...config, ...(await store.setUp()) } });
    ctx.alice = await signUp(ctx.t.app);
    ctx.bob = await signUp(ctx.t.app);
  });
  afterAll(async () => {
    await ctx.t.close();
    await store.tearDown();
  });
  return ctx;
}
