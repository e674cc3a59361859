import { afterAll, beforeAll } from 'vitest';
import { createTestApp, UNLIMITED, type TestApp } from './app.ts';
import { startPushEndpoint, vapidKeys, type PushEndpoint } from './push-endpoint.ts';

export interface PushTestApp extends TestApp {
  /** The local push service the app sends to. */
  endpoint: PushEndpoint;
  vapid: ReturnType<typeof vapidKeys>;
}

/**
 * An unseeded app without rate limits that pushes, signed with a key pair of its own, to a push
 * service in this process, for a test file's tests; both closed after them.
 */
export function usePushApp(): () => PushTestApp {
  let app: PushTestApp | undefined;
  beforeAll(async () => {
    const vapid = vapidKeys();
    const endpoint = await startPushEndpoint(vapid.publicKey);
    const t = await createTestApp({
      seed: false,
      limits: UNLIMITED,
      // Port 0: whichever port the endpoint got, as the browser tests' server takes it.
      config: { push: vapid, pushTestEndpointOrigins: ['http://127.0.0.1:0'] },
    });
    app = { ...t, endpoint, vapid };
  });
  afterAll(async () => {
    await app?.close();
    await app?.endpoint.close();
  });
  return () => app!;
}
