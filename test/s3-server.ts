import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/server/config/config.ts';
import { createTestApp, signUp, type Player, type TestApp } from './app.ts';
import { startS3Server } from './s3-stand-in.ts';

export { startS3Server };

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
