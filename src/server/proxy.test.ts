import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * Behind a proxy the client address is the one our proxy appended to X-Forwarded-For, never one
 * the client wrote itself: per-address limits (here, sign-ups per address) cannot be escaped.
 */
const SIGNUPS = { limit: 3, windowSeconds: 3600 };
let behindProxy: TestApp;
let direct: TestApp;
beforeAll(async () => {
  behindProxy = await createTestApp({
    seed: false,
    config: { trustProxy: ['10.0.0.0/8'] },
    limits: { signUpPerIp: SIGNUPS },
  });
  direct = await createTestApp({ seed: false, limits: { signUpPerIp: SIGNUPS } });
});
afterAll(async () => {
  await behindProxy.close();
  await direct.close();
});

let counter = 0;
const signUp = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { username: `proxied_${process.pid}_${++counter}`, password: 'spray-paint-rules-42' },
  });

describe('TRUST_PROXY', () => {
  it('takes the address our proxy saw, whatever the client wrote to the left of it', async () => {
    const codes = [];
    for (let i = 0; i < SIGNUPS.limit + 3; i++) {
      // A new made-up leftmost address every time; the proxy (10.0.0.5) appends the real one.
      codes.push((await signUp(behindProxy, '10.0.0.5', `198.18.0.${i}, 203.0.113.9`)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
    // Another player behind the same proxy is counted on their own.
    expect((await signUp(behindProxy, '10.0.0.5', '203.0.113.10')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not one of the proxies', async () => {
    for (let i = 0; i < SIGNUPS.limit; i++) {
      expect((await signUp(behindProxy, '198.51.100.20', `203.0.113.${50 + i}`)).statusCode).toBe(
        200,
      );
    }
    expect((await signUp(behindProxy, '198.51.100.20', '203.0.113.99')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For altogether when unset', async () => {
    for (let i = 0; i < SIGNUPS.limit; i++) {
      expect((await signUp(direct, '198.51.100.30', `203.0.113.${i}`)).statusCode).toBe(200);
    }
    expect((await signUp(direct, '198.51.100.30', '203.0.113.200')).statusCode).toBe(429);
  });
});
