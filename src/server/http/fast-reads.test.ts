import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { giveProMonth } from '../../../test/pro.ts';
import { users } from '../db/schema.ts';
import { SLOW_REQUEST_MS } from './logging.ts';

/**
 * Catalogue reads answered in front of Fastify (docs/decisions/028) send exactly what Fastify
 * sends, over real HTTP (app.inject never reaches the server's handler): status, headers in
 * order, body bytes and the request's log line. Each comparison asks Fastify first (the
 * player's session just dropped from memory, so Fastify loads it) and then asks again, which
 * the fast path answers.
 */
let t: TestApp;
let port: number;
let alice: Player;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  // Debug: a quick success's line is a debug line (logging.ts).
  t = await createTestApp({ config: { logLevel: 'debug' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    const text = String(chunk);
    if (!text.startsWith('{"level"')) return write(chunk, ...(rest as []));
    for (const line of text.split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    return true;
  });
  alice = await signUp(t.app);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

interface Answered {
  status: number;
  /** Raw header lines in order; the date and request id shown as placeholders. */
  headers: string[];
  body: Buffer;
}

let requests = 0;

/** One request over a socket, the answer as sent (still compressed), and its request id. */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<Answered & { id: string }> {
  const id = `req-${++requests}`;
  return new Promise((resolve, reject) => {
    http
      .request(
        { port, host: '127.0.0.1', method, path: url, headers: { 'x-request-id': id, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = res.rawHeaders;
            const lines: string[] = [];
            for (let i = 0; i < raw.length; i += 2) {
              const value = raw[i] === 'Date' ? '<date>' : raw[i + 1] === id ? '<id>' : raw[i + 1];
              lines.push(`${raw[i]}: ${value}`);
            }
            resolve({ id, status: res.statusCode!, headers: lines, body: Buffer.concat(chunks) });
          });
        },
      )
      .on('error', reject)
      .end();
  });
}

/** The request's log line as written. */
function rawLineOf(id: string): Record<string, unknown> {
  const line = logLines.find((l) => l.reqId === id);
  if (!line) throw new Error(`no log line for ${id}`);
  return line;
}

/** The request's log line, with what differs between two requests (time, id, port) left out. */
function logLineOf(id: string): Record<string, unknown> {
  const { responseTime, req, ...rest } = rawLineOf(id);
  expect(responseTime).toBeGreaterThanOrEqual(0);
  delete rest.time;
  delete rest.reqId;
  return { ...rest, req: { ...(req as object), remotePort: '<port>' } };
}

/** The line's field names in the order written, the request's with them. */
function keysOf(id: string): string[] {
  const line = rawLineOf(id);
  return [...Object.keys(line), ...Object.keys(line.req as object)];
}

const served = () => t.app.fastReads.served;

/** Fastify's answer, then the fast path's, to the same request: they must be the same. */
async function compare(player: Player, method: string, url: string, headers = {}) {
  t.app.changeFeed.forgetUser(player.id);
  const before = served();
  const { id: slowId, ...slow } = await send(method, url, { ...headers, cookie: player.cookie });
  expect(served()).toBe(before);
  const { id: fastId, ...fast } = await send(method, url, { ...headers, cookie: player.cookie });
  expect(served()).toBe(before + 1);
  expect(fast).toEqual(slow);
  // The log reaches standard output in batches, at least every 100 ms (logging.ts).
  await new Promise((resolve) => setTimeout(resolve, 150));
  // Fastify's first answer may build what it sends, slowly enough for an info line.
  const { level, ...slowLine } = logLineOf(slowId);
  expect(level).toBe((rawLineOf(slowId).responseTime as number) >= SLOW_REQUEST_MS ? 30 : 20);
  expect(logLineOf(fastId)).toEqual({ ...slowLine, level: 20 });
  expect(keysOf(fastId)).toEqual(keysOf(slowId));
  return fast;
}

const ROUTES = [
  '/api/legal-walls',
  '/api/artists',
  '/api/missions',
  '/api/color-chart',
  '/api/community/events',
  '/api/config',
];

describe.each(ROUTES)('%s from memory', (url) => {
  it('sends brotli, gzip or identity as accepted, exactly as Fastify does', async () => {
    for (const accept of ['gzip, deflate, br, zstd', 'gzip', '']) {
      const answer = await compare(alice, 'GET', url, accept ? { 'accept-encoding': accept } : {});
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await compare(alice, 'HEAD', url, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toContainEqual(expect.stringMatching(/^content-length: [1-9]/));
    expect(answer.body.length).toBe(0);
  });

  it('answers 304 to a client holding any encoding of the answer', async () => {
    const gzip = await send('GET', url, { cookie: alice.cookie, 'accept-encoding': 'gzip' });
    const etag = gzip.headers.find((h) => h.startsWith('etag: '))!.slice(6);
    for (const accept of ['br', 'gzip', '']) {
      const answer = await compare(alice, 'GET', url, {
        'if-none-match': etag,
        ...(accept && { 'accept-encoding': accept }),
      });
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
    }
  });
});

describe('/api/auth/user from memory', () => {
  it('sends the player exactly as Fastify does, never to be stored', async () => {
    for (const accept of ['gzip, deflate, br, zstd', '']) {
      const answer = await compare(alice, 'GET', '/api/auth/user', { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers).toContain('cache-control: private, no-store');
      expect(answer.headers.some((h) => h.startsWith('etag: '))).toBe(false);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ id: alice.id });
    }
    const head = await compare(alice, 'HEAD', '/api/auth/user');
    expect(head.body.length).toBe(0);
    const held = await compare(alice, 'GET', '/api/auth/user', { 'if-none-match': '*' });
    expect(held.status).toBe(200);
  });
});

describe('request ids', () => {
  it('gives a request without one a fresh id, on the answer and its log line', async () => {
    await send('GET', '/api/artists', { cookie: alice.cookie });
    const before = served();
    const answer = await send('GET', '/api/artists', { cookie: alice.cookie, 'x-request-id': '' });
    expect(served()).toBe(before + 1);
    const id = answer.headers.find((h) => h.startsWith('x-request-id: '))!.slice(14);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(logLineOf(id).msg).toBe('request completed');
  });
});

describe('log lines', () => {
  it('writes what Fastify writes for an Accept-Version header', async () => {
    const answer = await compare(alice, 'GET', '/api/artists', { 'accept-version': '1.x' });
    expect(answer.status).toBe(200);
  });

  it('escapes a request id as JSON', async () => {
    await send('GET', '/api/artists', { cookie: alice.cookie });
    const before = served();
    const id = 'quote" back\\ tab\t ünï';
    await send('GET', '/api/artists', { cookie: alice.cookie, 'x-request-id': id });
    expect(served()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(logLineOf(id).msg).toBe('request completed');
  });
});

describe('what the fast path leaves to Fastify', () => {
  it('refuses a signed-out or unknown session as Fastify does', async () => {
    const before = served();
    const out = await send('GET', '/api/artists', {});
    expect(out.status).toBe(401);
    const unknown = await send('GET', '/api/artists', { cookie: 'ss_session=not-a-session' });
    expect(unknown.status).toBe(401);
    const walls = await send('GET', '/api/legal-walls', { cookie: 'ss_session=not-a-session' });
    expect(walls.headers).toContain('cache-control: no-cache');
    expect(served()).toBe(before);
    // A refusal is an info line; a quick success, from memory or not, a debug one.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(logLineOf(out.id).level).toBe(30);
    expect(logLineOf(walls.id).level).toBe(20);
  });

  it('refuses a session ended on this process at once', async () => {
    const bob = await signUp(t.app);
    await compare(bob, 'GET', '/api/artists');
    const out = await send('POST', '/api/logout', { cookie: bob.cookie });
    expect(out.status).toBe(303);
    const before = served();
    expect((await send('GET', '/api/artists', { cookie: bob.cookie })).status).toBe(401);
    expect(served()).toBe(before);
  });

  it('answers a query string through Fastify', async () => {
    const before = served();
    await send('GET', '/api/artists', { cookie: alice.cookie });
    expect(served()).toBe(before + 1);
    expect((await send('GET', '/api/artists?x=1', { cookie: alice.cookie })).status).toBe(200);
    expect(served()).toBe(before + 1);
  });
});

describe('players whose answers differ', () => {
  it('lets a suspended player read, as Fastify does', async () => {
    const carol = await signUp(t.app);
    const until = new Date(Date.now() + 86_400_000);
    await t.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, carol.id));
    await t.app.changeFeed.settle();
    for (const url of ['/api/artists', '/api/missions', '/api/color-chart', '/api/auth/user']) {
      expect((await compare(carol, 'GET', url)).status).toBe(200);
    }
  });

  it('tells a player of their own change at once, and of a suspension that ended', async () => {
    const erin = await signUp(t.app);
    const me = async () => {
      const answer = await send('GET', '/api/auth/user', { cookie: erin.cookie });
      return JSON.parse(answer.body.toString()) as { tokens: number; suspendedUntil: unknown };
    };
    await me();
    const before = served();
    const tokens = (await me()).tokens;
    expect(served()).toBe(before + 1);
    await t.db
      .update(users)
      .set({ tokens: tokens + 5 })
      .where(eq(users.id, erin.id));
    await t.app.changeFeed.settle();
    expect((await me()).tokens).toBe(tokens + 5);

    // The clock stands still, then moves past the suspension's end, well within the time the
    // session stays in memory: only the answer's own end can make it current.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const until = new Date(Date.now() + 2000);
      await t.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, erin.id));
      await t.app.changeFeed.settle();
      expect((await me()).suspendedUntil).toBe(until.toISOString());
      expect((await me()).suspendedUntil).toBe(until.toISOString());
      vi.setSystemTime(until.getTime() + 1000);
      expect((await me()).suspendedUntil).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives a Pro player the full chart and a free player's ETag no 304", async () => {
    const dana = await signUp(t.app);
    await giveProMonth(t.db, dana.id);
    await t.app.changeFeed.settle();
    const free = await send('GET', '/api/color-chart', { cookie: alice.cookie });
    const freeTag = free.headers.find((h) => h.startsWith('etag: '))!.slice(6);
    const full = await compare(dana, 'GET', '/api/color-chart', { 'if-none-match': freeTag });
    expect(full.status).toBe(200);
    expect(JSON.parse(full.body.toString()).range).toBe('full');
  });
});
