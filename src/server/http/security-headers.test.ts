import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';

let https: TestApp;
let http: TestApp;
let player: Player;
beforeAll(async () => {
  https = await createTestApp({
    seed: false,
    config: { publicUrl: 'https://streetscope.example' },
  });
  http = await createTestApp({ seed: false });
  player = await signUp(http.app);
});
afterAll(async () => {
  await https.close();
  await http.close();
});

describe('security headers', () => {
  it('sends HSTS only when the public address is https', async () => {
    for (const url of ['/healthz', '/api/login', '/api/legal-walls']) {
      const res = await https.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect((await http.app.inject({ url })).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allows geolocation and camera on our origin and denies the other powerful features', async () => {
    const policy = String(
      (await http.app.inject({ url: '/healthz' })).headers['permissions-policy'],
    );
    const features = new Map(
      policy.split(', ').map((entry) => entry.split('=') as [string, string]),
    );
    expect(features.get('geolocation')).toBe('(self)');
    expect(features.get('camera')).toBe('(self)');
    for (const feature of ['microphone', 'usb', 'payment', 'display-capture', 'midi', 'serial']) {
      expect(features.get(feature), feature).toBe('()');
    }
  });

  it('never lets a signed-in answer be cached', async () => {
    for (const url of ['/api/auth/user', '/api/discoveries/user', '/api/markers']) {
      const res = await player.request({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('gives the API docs page a CSP of its own', async () => {
    const res = await http.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('answers a broken % escape in the path with our 400 and headers, API or page', async () => {
    const usual = (await https.app.inject({ url: '/healthz' })).headers;
    for (const url of ['/api/artworks/%E0%A4%A', '/artworks/%E0%A4%A']) {
      const res = await https.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.json(), url).toEqual({
        message: 'This address is not valid: it has a broken % escape.',
      });
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      for (const name of [
        'content-security-policy',
        'permissions-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBe(usual[name]);
      }
    }
  });

  it('clears the session cookie with the attributes it was set with', async () => {
    const res = await https.app.inject({ method: 'POST', url: '/api/logout' });
    const cleared = res.cookies.find((c) => c.name === '__Host-ss_session');
    expect(cleared).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
  });
});
