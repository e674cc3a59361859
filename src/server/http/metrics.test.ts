import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  openTestDatabase,
  signUp,
  testConfig,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { expectReplay, freshKey, keyed } from '../../../test/idempotency.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { UNMATCHED_ROUTE } from './metrics.ts';

/**
 * GET /metrics (docs/decisions/052-metrics.md): what an operator's Prometheus scrapes, and who
 * may scrape it.
 */
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const withToken = { authorization: `Bearer ${TOKEN}` };

type Labels = Record<string, string>;

/** The value of every series of `name` whose labels include `labels`, summed. */
function valueOf(text: string, name: string, labels: Labels = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      sum += Number(match[3]);
    }
  }
  return sum;
}

/** Every value the label takes in the family's series. */
function labelValues(text: string, name: string, label: string): string[] {
  const pattern = new RegExp(`^${name}\\{[^}]*\\b${label}="([^"]*)"`);
  return [...new Set(text.split('\n').flatMap((line) => pattern.exec(line)?.[1] ?? []))];
}

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;
  const scrape = async () => {
    const res = await fetch(`${base}/metrics`, { headers: withToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      config: { metrics: { port: null, token: TOKEN } },
      // The second wrong password from one place is refused: a rate-limit refusal.
      limits: { signInPerNameAndIp: { limit: 1, windowSeconds: 900 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token, or with another, and shows nothing', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-the-same-kind-0123456' },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${base}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(body).toContain('METRICS_TOKEN');
      expect(body).not.toContain('streetscope_');
    }
  });

  it('counts what was done: requests by route template, caches, sign-in, replays, uploads', async () => {
    const player: Player = await signUp(t.app);
    const before = await scrape();

    // A cached read twice, over HTTP as a browser sends it.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/api/color-chart`, { headers: { cookie: player.cookie } });
      expect(res.status).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/does-not-exist' })).statusCode).toBe(404);
    const wrong = { username: player.username, password: 'not-the-password-at-all' };
    const signIns = [];
    for (let i = 0; i < 2; i++) {
      signIns.push(
        (await t.app.inject({ method: 'POST', url: '/api/login', payload: wrong })).statusCode,
      );
    }
    expect(signIns).toEqual([401, 429]);
    const photo = uniquePhoto();
    const imageUrl = await uploadPhoto(player, 'discovery', photo);
    const key = freshKey();
    const body = { name: 'Metered', latitude: -12.46, longitude: 130.84, imageUrl };
    const first = await keyed(player, key, '/api/discoveries', body);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await keyed(player, key, '/api/discoveries', body));

    const after = await scrape();
    const delta = (name: string, labels?: Labels) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    const requests = 'streetscope_http_request_duration_seconds_count';

    expect(delta(requests, { route: '/api/color-chart', status: '200' })).toBe(2);
    expect(delta(requests, { route: UNMATCHED_ROUTE, status: '404' })).toBe(1);
    expect(delta(requests, { route: '/api/login', status: '401' })).toBe(1);
    expect(delta(requests, { route: '/api/discoveries', status: '201' })).toBe(2);
    expect(delta(requests, { route: '/api/objects/uploads/:token', method: 'PUT' })).toBe(1);
    expect(delta(requests, { route: '/api/objects/:id/complete', status: '200' })).toBe(1);
    // Every label is a route template: no id, token or unknown path of a request.
    const routes = labelValues(after, 'streetscope_http_request_duration_seconds_count', 'route');
    expect(routes).toContain('/api/objects/:id/complete');
    for (const route of routes) {
      expect(route === UNMATCHED_ROUTE || /^\/[\w/:.-]*$/.test(route), route).toBe(true);
      expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|does-not-exist/);
    }
    expect(
      delta('streetscope_http_request_duration_seconds_sum', { route: '/api/login' }),
    ).toBeGreaterThan(0);
    expect(
      delta('streetscope_http_request_duration_seconds_bucket', {
        route: '/api/color-chart',
        le: '+Inf',
      }),
    ).toBe(2);

    // The first read built the answer; the second was served from memory.
    expect(delta('streetscope_cache_requests_total', { cache: 'answers', result: 'miss' })).toBe(1);
    expect(delta('streetscope_cache_requests_total', { cache: 'answers', result: 'hit' })).toBe(1);
    expect(
      delta('streetscope_cache_requests_total', { cache: 'sessions', result: 'hit' }),
    ).toBeGreaterThan(0);

    expect(delta('streetscope_sign_in_failures_total', { method: 'password' })).toBe(1);
    expect(delta('streetscope_rate_limit_refusals_total', { route: '/api/login' })).toBe(1);
    expect(delta('streetscope_idempotent_replays_total', { route: '/api/discoveries' })).toBe(1);

    expect(delta('streetscope_upload_bytes_total')).toBe(photo.length);
    expect(valueOf(after, 'streetscope_uploads_in_flight')).toBe(0);
    expect(valueOf(after, 'streetscope_upload_bytes_in_flight')).toBe(0);
    expect(delta('streetscope_image_processing_seconds_count', { result: 'processed' })).toBe(1);
    expect(delta('streetscope_image_processing_seconds_sum')).toBeGreaterThan(0);

    const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(delta('streetscope_db_query_duration_seconds_count', { database })).toBeGreaterThan(10);
    expect(delta('streetscope_db_query_duration_seconds_sum')).toBeGreaterThan(0);
    // Postgres's pool; the embedded database has none to show.
    const open = valueOf(after, 'streetscope_db_pool_connections', { state: 'total' });
    if (database === 'postgres') expect(open).toBeGreaterThan(0);
    else expect(after).not.toContain('streetscope_db_pool_connections{');

    // The process's own: event-loop delay and memory.
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(valueOf(after, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThan(0);
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(valueOf(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts a refused photo as refused', async () => {
    const player = await signUp(t.app);
    const before = await scrape();
    const ticket = await player.request({
      method: 'POST',
      url: '/api/objects/upload',
      payload: { purpose: 'discovery' },
    });
    const { uploadURL, completeURL } = ticket.json<{ uploadURL: string; completeURL: string }>();
    const notAPhoto = Buffer.from('GIF89a but not really an image at all');
    const put = await player.request({
      method: 'PUT',
      url: uploadURL,
      payload: notAPhoto,
      headers: { 'content-type': 'image/gif' },
    });
    expect(put.statusCode).toBe(200);
    expect((await player.request({ method: 'POST', url: completeURL })).statusCode).toBe(415);
    const after = await scrape();
    const delta = (name: string, labels?: Labels) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('streetscope_image_processing_seconds_count', { result: 'refused' })).toBe(1);
    expect(delta('streetscope_image_processing_seconds_count', { result: 'processed' })).toBe(0);
    // Received and stored for processing: its bytes count as received.
    expect(delta('streetscope_upload_bytes_total')).toBe(notAPhoto.length);
  });
});

describe('with neither METRICS_PORT nor METRICS_TOKEN', () => {
  it('serves no metrics: GET /metrics is a JSON 404', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const res = await t.app.inject({ url: '/metrics', headers: withToken });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
      expect(t.app.metricsServer).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_PORT', () => {
  const listening = async (metrics: { port: number | null; token: string | null }) => {
    const t = await createTestApp({ seed: false, config: { metrics } });
    const port = (t.app.metricsServer!.address() as AddressInfo).port;
    return { t, url: (path: string) => `http://127.0.0.1:${port}${path}` };
  };

  it('serves them on that port alone, without a token', async () => {
    const { t, url } = await listening({ port: 0, token: null });
    try {
      const res = await fetch(url('/metrics'));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('streetscope_http_request_duration_seconds');
      expect((await fetch(url('/api/config'))).status).toBe(404);
      expect((await fetch(url('/metrics'), { method: 'POST' })).status).toBe(404);
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    expect(t.app.metricsServer!.listening).toBe(false);
  });

  it('asks that port for the token too when both are set', async () => {
    const { t, url } = await listening({ port: 0, token: TOKEN });
    try {
      expect((await fetch(url('/metrics'))).status).toBe(401);
      expect((await fetch(url('/metrics'), { headers: withToken })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the configuration', () => {
  const load = (env: NodeJS.ProcessEnv) => () => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('is off by default', () => {
    expect(load({})().metrics).toEqual({ port: null, token: null });
  });

  it('reads a port and a token', () => {
    expect(load({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })().metrics).toEqual({
      port: 9464,
      token: TOKEN,
    });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: `${TOKEN} with spaces` }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: 'ninety' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '3000', PORT: '3000' }, 'METRICS_PORT: must differ from PORT'],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(load(env)).toThrow(message);
  });
});

describe('GET /readyz', () => {
  it('is 200 while the database answers and 503 once it does not; /healthz stays 200', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), database);
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
