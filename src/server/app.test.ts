import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { DEFAULT_MAP_SOURCES } from './config/map-sources.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('operations', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('tags every response with a request id and security headers', async () => {
    const res = await t.app.inject({ url: '/api/config', headers: { 'x-request-id': 'trace-me' } });
    expect(res.headers['x-request-id']).toBe('trace-me');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Payments are off: no page may load Stripe.js.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain('stripe.com');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('GET /api/config', () => {
  it('shows only public settings, with payments off by default', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      auth: { mode: 'local', loginUrl: '/api/login', logoutUrl: '/api/logout' },
      payments: { enabled: false, publishableKey: null },
      defaultLocation: { latitude: -28.0167, longitude: 153.4 },
      trailer: { youtubeId: null },
      // No street map archive configured: streets come from the default street tiles.
      map: { ...DEFAULT_MAP_SOURCES, basemap: null },
      uploads: { multipart: true, providers: { dropbox: null, googleDrive: null } },
    });
  });
});

describe('POST /api/get-or-create-subscription', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 503 with a clear message while payments are not configured', async () => {
    const player = await signUp(t.app);
    const res = await player.request({ method: 'POST', url: '/api/get-or-create-subscription' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('demo mode');
  });
});

describe('malformed requests get a 4xx, never a 500', () => {
  it('refuses broken JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a JSON body over the size limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses wrong types, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 42, password: 'whatever it is' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'username'");
  });
});

describe('OpenAPI', () => {
  it('documents every data call of the spec', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: [string, string][] = [
      ['get', '/api/auth/user'],
      ['post', '/api/objects/upload'],
      ['post', '/api/discoveries'],
      ['post', '/api/discoveries/graffiti'],
      ['get', '/api/discoveries/user'],
      ['get', '/api/discoveries/nearby'],
      ['get', '/api/legal-walls/nearby'],
      ['get', '/api/legal-walls'],
      ['post', '/api/markers'],
      ['put', '/api/profile/picture'],
      ['get', '/api/profile/art'],
      ['post', '/api/profile/art'],
      ['get', '/api/profile/achievements'],
      ['get', '/api/community/events'],
      ['get', '/api/community/forum'],
      ['get', '/api/leaderboard'],
      ['get', '/api/artists'],
      ['get', '/api/missions'],
      ['post', '/api/get-or-create-subscription'],
      ['get', '/api/config'],
      ['get', '/api/login'],
      ['get', '/api/logout'],
    ];
    const missing = expected.filter(([method, path]) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });

  it('serves a docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
