/**
 * The Legal Walls list at 100 and at 100,000 walls (docs/decisions/026, "The list at any
 * size"). For each database: both sizes set up side by side, each a fresh database with the
 * walls bulk-loaded (around 20 cities, a fortieth closed, one in a hundred confirmed by five
 * players) behind a server listening on a local port, then a signed-in player reads as the Legal
 * Walls page does, brotli accepted, each run alternating between the sizes:
 *
 * - `first page`: GET /api/legal-walls, the kept answer;
 * - `page 2`: the next page by its cursor; `nearest`: the first page closest to a city;
 *   `search`: the first page of a search by city (every open wall's folded text is read);
 * - `proposal`: the player proposes a wall (POST; the photo uploaded first is not timed);
 * - `after proposal`: the list read right after it, which builds the kept answer again;
 * - `healthz meanwhile`: GET /healthz sent alongside that read (on PGlite the database runs on
 *   the server's own thread: this is how long it kept other requests waiting).
 *
 * Prints p50 / p95 per case and size, then each case's p50 at the largest size over its p50 at
 * the smallest, measured in the same run: that ratio is the figure, not a time.
 *
 *   npm run bench:walls [-- --sizes 100,100000 --dbs pglite,postgres --runs 40]
 *
 * Postgres: the server at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:55502), in
 * databases `walls_list_bench_<size>` made afresh and dropped after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { uniquePhoto } from '../test/images.ts';
import { buildApp } from '../src/server/app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/server/config/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { freshDatabase } from './databases.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,100000' },
    dbs: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '40' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const DBS = values.dbs.split(',') as ('pglite' | 'postgres')[];
const RUNS = Number(values.runs);
const WARM_UP = 5;
const BENCH_DB = 'walls_list_bench';

const CITIES: [string, string, number, number][] = [
  ['Berlin', 'Germany', 52.52, 13.405],
  ['Paris', 'France', 48.857, 2.352],
  ['London', 'United Kingdom', 51.507, -0.128],
  ['New York', 'United States', 40.713, -74.006],
  ['Los Angeles', 'United States', 34.052, -118.244],
  ['Melbourne', 'Australia', -37.814, 144.963],
  ['Sydney', 'Australia', -33.869, 151.209],
  ['Tokyo', 'Japan', 35.676, 139.65],
  ['São Paulo', 'Brazil', -23.551, -46.633],
  ['Mexico City', 'Mexico', 19.433, -99.133],
  ['Barcelona', 'Spain', 41.385, 2.173],
  ['Milan', 'Italy', 45.464, 9.19],
  ['Lisbon', 'Portugal', 38.722, -9.139],
  ['Bogotá', 'Colombia', 4.711, -74.072],
  ['Singapore', 'Singapore', 1.352, 103.82],
  ['Buenos Aires', 'Argentina', -34.604, -58.382],
  ['Cairo', 'Egypt', 30.044, 31.236],
  ['Cape Town', 'South Africa', -33.925, 18.424],
  ['Toronto', 'Canada', 43.653, -79.383],
  ['Seoul', 'South Korea', 37.567, 126.978],
];
const ADJECTIVES = ['Amber', 'Brick', 'Canal', 'Depot', 'East', 'Ferry', 'Gasworks', 'Harbour'];
const NOUNS = ['Lane', 'Wall', 'Tunnel', 'Yard', 'Underpass', 'Skatepark', 'Fence', 'Arches'];

const textArray = (list: string[]) =>
  sql.raw(`array[${list.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);
const floatArray = (list: number[]) => sql.raw(`array[${list.join(',')}]::float8[]`);

async function load(database: Database, count: number) {
  const { db } = database;
  await db.execute(sql`
    insert into legal_walls (id, name, description, city, country, address, hours,
                             permit_required, latitude, longitude, source, status)
    select 'bench-' || n,
           (${textArray(ADJECTIVES)})[1 + n % 8] || ' ' || (${textArray(NOUNS)})[1 + (n / 8) % 8]
             || ' ' || n,
           'A council-listed free wall: bring your own cans and paint over nothing newer.',
           (${textArray(CITIES.map((c) => c[0]))})[1 + n % 20],
           (${textArray(CITIES.map((c) => c[1]))})[1 + n % 20],
           n || ' Bench Street', 'Daylight', n % 3 = 0,
           (${floatArray(CITIES.map((c) => c[2]))})[1 + n % 20] + (random() - 0.5) * 0.4,
           (${floatArray(CITIES.map((c) => c[3]))})[1 + n % 20] + (random() - 0.5) * 0.5,
           'https://example.org/legal-walls',
           case when n % 40 = 0 then 'closed' when n % 7 = 0 then 'unverified' else 'verified' end
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`analyze legal_walls`);
}

/** Five players confirm one wall in a hundred, so every page counts some confirmations. */
async function confirmSome(database: Database, count: number) {
  await database.db.execute(sql`
    insert into wall_confirmations (id, wall_id, user_id, painted_on)
    select md5(n || u.id), 'bench-' || n, u.id, current_date - n % 30
    from generate_series(1, ${count}) as n cross join users u
    where n % 100 = 0`);
  await database.db.execute(sql`analyze wall_confirmations`);
}

const agent = new http.Agent({ keepAlive: true });

/** One request as a browser makes it: time to the last byte. */
function send(
  base: string,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ ms: number; status: number; json: () => unknown }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: { cookie, ...(payload && { 'content-type': 'application/json' }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            json: () => JSON.parse(Buffer.concat(chunks).toString()) as unknown,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A GET that must answer 200, as the browser asks (brotli). */
async function read(base: string, url: string, cookie: string) {
  const started = performance.now();
  return new Promise<number>((resolve, reject) => {
    http
      .get(
        `${base}${url}`,
        { agent, headers: { cookie, 'accept-encoding': 'br, gzip' } },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        },
      )
      .on('error', reject);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

type Times = Record<string, number[]>;

interface Target {
  size: number;
  base: string;
  cookie: string;
  /** The first page's cursor, for `page 2`. */
  nextCursor: string;
  times: Times;
  close(): Promise<void>;
}

/** A loaded database behind a listening server, and a signed-in player. */
async function setUp(db: 'pglite' | 'postgres', size: number): Promise<Target> {
  const { database, cleanUp } = await freshDatabase(db, `${BENCH_DB}_${size}`);
  const started = performance.now();
  await load(database, size);
  const loaded = ((performance.now() - started) / 1000).toFixed(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-walls-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
  const unlimited = { limit: 1_000_000, windowSeconds: 60 };
  const app = await buildApp(
    {
      ...config,
      dataDir,
      rateLimits: { ...DEFAULT_RATE_LIMITS, writesPerUser: unlimited, uploadsPerUser: unlimited },
    },
    database,
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const cookies: string[] = [];
  for (let i = 0; i < 5; i++) {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { username: `bench_${size}_${i}`, password: 'bright colours on grey walls' },
    });
    cookies.push(signup.cookies.map((c) => `${c.name}=${c.value}`).join('; '));
  }
  await confirmSome(database, size);
  const cookie = cookies[0]!;
  const page = (await send(base, 'GET', '/api/legal-walls', cookie)).json() as {
    total: number;
    nextCursor: string;
  };
  console.log(`${db}: ${size} walls loaded in ${loaded} s, ${page.total} listed`);
  return {
    size,
    base,
    cookie,
    nextCursor: page.nextCursor,
    times: {},
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await cleanUp();
    },
  };
}

const MELBOURNE = 'latitude=-37.81&longitude=144.96';
const READS: Record<string, (t: Target) => Promise<number>> = {
  'first page': (t) => read(t.base, '/api/legal-walls', t.cookie),
  'page 2': (t) => read(t.base, `/api/legal-walls?cursor=${t.nextCursor}`, t.cookie),
  nearest: (t) => read(t.base, `/api/legal-walls?${MELBOURNE}`, t.cookie),
  search: (t) => read(t.base, '/api/legal-walls?q=melbourne', t.cookie),
};

/** A proposal, then the list and /healthz at once: the read that builds the first page again. */
async function proposeThenRead(t: Target, i: number) {
  const imageUrl = await upload(t.base, t.cookie);
  const proposed = await send(t.base, 'POST', '/api/legal-walls', t.cookie, {
    name: `Proposed wall ${i}`,
    imageUrl,
    description: 'A wall a player found and proposed during the bench.',
    permitRequired: false,
    hours: 'Daylight',
    city: 'McMurdo',
    country: 'Antarctica',
    address: 'Ice shelf',
    latitude: -77.8,
    longitude: 166 + i / 100,
  });
  if (proposed.status !== 201) throw new Error(`proposal refused: ${proposed.status}`);
  const [after, healthz] = await Promise.all([
    read(t.base, '/api/legal-walls', t.cookie),
    read(t.base, '/healthz', ''),
  ]);
  return { proposal: proposed.ms, 'after proposal': after, 'healthz meanwhile': healthz };
}

const record = (t: Target, name: string, ms: number) => (t.times[name] ??= []).push(ms);

/**
 * Each case's runs alternate between the sizes, so whatever else the machine does at a moment
 * weighs on both alike.
 */
async function measure(targets: Target[]) {
  for (const [name, run] of Object.entries(READS)) {
    for (let i = 0; i < RUNS + WARM_UP; i++) {
      for (const t of targets) {
        const ms = await run(t);
        if (i >= WARM_UP) record(t, name, ms);
      }
    }
  }
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    for (const t of targets) {
      const figures = await proposeThenRead(t, i);
      if (i < WARM_UP) continue;
      for (const [name, ms] of Object.entries(figures)) record(t, name, ms);
    }
  }
}

/** A photo through the upload flow (not timed): ticket, PUT, completion. */
async function upload(base: string, cookie: string): Promise<string> {
  const ticket = (
    await send(base, 'POST', '/api/objects/upload', cookie, { purpose: 'wall' })
  ).json() as {
    uploadURL: string;
    completeURL: string;
    objectURL: string;
  };
  const put = await fetch(`${base}${ticket.uploadURL}`, {
    method: 'PUT',
    body: new Uint8Array(uniquePhoto()),
    headers: { 'content-type': 'image/png', cookie },
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const done = await send(base, 'POST', ticket.completeURL, cookie);
  if (done.status !== 200) throw new Error(`processing refused: ${done.status}`);
  return ticket.objectURL;
}

const [smallest, largest] = [Math.min(...SIZES), Math.max(...SIZES)];
const summary: string[] = [];
for (const db of DBS) {
  const targets: Target[] = [];
  for (const size of SIZES) targets.push(await setUp(db, size));
  await measure(targets);
  for (const t of targets) {
    console.log(`${db}, ${t.size} walls:`);
    for (const [name, list] of Object.entries(t.times)) {
      list.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(18)} p50 ${quantile(list, 0.5).toFixed(1).padStart(6)} ms` +
          `  p95 ${quantile(list, 0.95).toFixed(1).padStart(6)} ms`,
      );
    }
  }
  const [small, large] = [smallest, largest].map((n) => targets.find((t) => t.size === n)!);
  const ratios = Object.keys(small!.times).map(
    (name) =>
      `${name} ${(quantile(large!.times[name]!, 0.5) / quantile(small!.times[name]!, 0.5)).toFixed(2)}`,
  );
  summary.push(`  ${db.padEnd(8)} ${ratios.join(', ')}`);
  for (const t of targets) await t.close();
}
console.log(`\n${largest}/${smallest} walls, p50 ratio (same run, alternating):`);
for (const line of summary) console.log(line);
agent.destroy();
process.exit(0);
