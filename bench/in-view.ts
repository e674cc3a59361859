/**
 * The map's in-view endpoint at 10k / 100k / 1M artworks, on PGlite and on Postgres
 * (docs/decisions/029-map-clusters.md). For each database and size: a fresh database, the
 * artworks bulk-loaded (three in five around 20 cities, the rest anywhere between 55°S and
 * 70°N; a tenth gone, a third with a photo), the cluster pyramid rebuilt once, the server
 * listening on a local port, then a signed-in player asks for three boxes as the map does (the
 * view of a 1280 x 800 screen with half its size around it, at whole zoom levels): a city at
 * zoom 12, a country at zoom 6 and the world at zoom 1, each moved a little per request.
 * Prints p50 / p95 time and bytes on the wire (brotli, as a browser gets it) per box, and the
 * largest size's p50 over the smallest's.
 *
 *   npm run bench:in-view [-- --sizes 10000,100000,1000000 --dbs pglite,postgres --runs 60]
 *
 * Postgres: the server at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:55502), in a
 * database `map_clusters_bench` made afresh for each size and dropped after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { normaliseBounds, type Bounds } from '../src/client/features/map/view/view-bounds.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { freshDatabase } from './databases.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    dbs: { type: 'string', default: 'pglite,postgres' },
    runs: { type: 'string', default: '60' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const DBS = values.dbs.split(',') as ('pglite' | 'postgres')[];
const RUNS = Number(values.runs);
const BENCH_DB = 'map_clusters_bench';

const CITIES: [number, number][] = [
  [52.52, 13.405],
  [48.857, 2.352],
  [51.507, -0.128],
  [40.713, -74.006],
  [34.052, -118.244],
  [-37.814, 144.963],
  [-33.869, 151.209],
  [35.676, 139.65],
  [-23.551, -46.633],
  [19.433, -99.133],
  [41.385, 2.173],
  [45.464, 9.19],
  [55.756, 37.617],
  [28.614, 77.209],
  [1.352, 103.82],
  [-34.604, -58.382],
  [30.044, 31.236],
  [-33.925, 18.424],
  [43.653, -79.383],
  [37.567, 126.978],
];

const SCREEN = { width: 1280, height: 800 };
const BOXES = [
  { name: 'city', centre: CITIES[0]!, zoom: 12 },
  { name: 'country', centre: [51.1, 10.4] as [number, number], zoom: 6 },
  { name: 'world', centre: [20, 0] as [number, number], zoom: 1 },
];

/** The box the map asks for: the screen's view at `zoom` with half its size on every side. */
function fetchBox([lat, lng]: [number, number], zoom: number): Bounds {
  const size = 512 * 2 ** zoom;
  const x = ((lng + 180) / 360) * size;
  const phi = (lat * Math.PI) / 180;
  const y = (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * size;
  const toLng = (px: number) => (px / size) * 360 - 180;
  const toLat = (py: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * Math.min(Math.max(py, 0), size)) / size))) * 180) /
    Math.PI;
  return normaliseBounds(
    toLng(x - SCREEN.width),
    toLat(y + SCREEN.height),
    toLng(x + SCREEN.width),
    toLat(y - SCREEN.height),
  );
}

async function load(database: Database, count: number) {
  const lats = sql.raw(`array[${CITIES.map((c) => c[0]).join(',')}]::float8[]`);
  const lngs = sql.raw(`array[${CITIES.map((c) => c[1]).join(',')}]::float8[]`);
  const { db } = database;
  // Loaded with the row trigger off, the pyramid rebuilt once after.
  await db.execute(sql`alter table artworks disable trigger artwork_cells_on_insert`);
  await db.execute(sql`
    insert into artworks (id, title, emoji_pin, latitude, longitude, status, cover_image_url,
                          last_seen_at)
    select 'bench-' || n, 'Piece ' || n,
           (array['tag', 'location', 'marker', 'flag', 'hot_spot'])[1 + n % 5],
           case when n % 5 < 3
             then (${lats})[1 + n % 20] + (random() + random() + random() - 1.5) * 0.08
             else -55 + random() * 125 end,
           case when n % 5 < 3
             then (${lngs})[1 + n % 20] + (random() + random() + random() - 1.5) * 0.12
             else -180 + random() * 360 end,
           case when n % 10 = 0 then 'gone' else 'present' end,
           case when n % 3 = 0 then '/objects/' || md5(n::text) || '.webp' end,
           now() - (n % 400) * interval '1 day'
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`alter table artworks enable trigger artwork_cells_on_insert`);
  await db.execute(sql`select rebuild_artwork_cells()`);
  await db.execute(sql`analyze artworks`);
}

const agent = new http.Agent({ keepAlive: true });

/** One GET as a browser makes it: time to the last byte and the bytes that came. */
function get(
  url: string,
  cookie: string,
): Promise<{ ms: number; bytes: number; body: Buffer; encoding: string | undefined }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          resolve({ ms: performance.now() - started, bytes: body.length, body, encoding });
        });
      })
      .on('error', reject);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

interface Figure {
  db: string;
  size: number;
  box: string;
  p50: number;
  p95: number;
  kB: number;
  answer: string;
}

async function measure(database: Database, db: string, size: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-in-view-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
  const app = await buildApp({ ...config, dataDir }, database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signup = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { username: `bench_${size}`, password: 'bright colours on grey walls' },
  });
  const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const figures: Figure[] = [];
  for (const box of BOXES) {
    const times: number[] = [];
    const bytes: number[] = [];
    let answer = '';
    for (let i = 0; i < RUNS + 5; i++) {
      // A little pan per request, so no two ask for the same box.
      const jitter = (Math.random() - 0.5) * (360 / 2 ** box.zoom) * 0.2;
      const centre: [number, number] = [box.centre[0] + jitter / 2, box.centre[1] + jitter];
      const query = new URLSearchParams({
        ...Object.fromEntries(
          Object.entries(fetchBox(centre, box.zoom)).map(([k, v]) => [k, String(v)]),
        ),
        zoom: String(box.zoom),
      });
      const res = await get(`${base}/api/artworks/in-view?${query}`, cookie);
      if (i < 5) continue;
      times.push(res.ms);
      bytes.push(res.bytes);
      if (i === RUNS + 4) answer = describe(res.body, res.encoding);
    }
    times.sort((a, b) => a - b);
    bytes.sort((a, b) => a - b);
    figures.push({
      db,
      size,
      box: box.name,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      kB: quantile(bytes, 0.95) / 1024,
      answer,
    });
  }
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

/** What an answer held, for the table: clusters or pieces and how many they stand for. */
function describe(body: Buffer, encoding: string | undefined): string {
  const text =
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  const json = JSON.parse(text.toString()) as {
    clusters: [number, number, number][];
    points: unknown[];
  };
  return json.clusters.length > 0
    ? `${json.clusters.length} clusters of ${json.clusters.reduce((n, c) => n + c[2], 0)}`
    : `${json.points.length} pieces`;
}

const figures: Figure[] = [];
for (const db of DBS) {
  for (const size of SIZES) {
    const { database, cleanUp } = await freshDatabase(db, BENCH_DB);
    const started = performance.now();
    await load(database, size);
    console.log(
      `${db}: loaded ${size} artworks and built the pyramid in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const measured = await measure(database, db, size);
    for (const f of measured) {
      console.log(
        `  ${f.box.padEnd(8)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95
          .toFixed(1)
          .padStart(6)} ms  ${f.kB.toFixed(1).padStart(6)} kB  (${f.answer})`,
      );
    }
    figures.push(...measured);
    await cleanUp();
  }
}

const [smallest, largest] = [Math.min(...SIZES), Math.max(...SIZES)];
console.log(`\n${largest}/${smallest} p50 ratio:`);
for (const db of DBS) {
  const ratios = BOXES.map((b) => {
    const at = (size: number) =>
      figures.find((f) => f.db === db && f.size === size && f.box === b.name)!;
    return `${b.name} ${(at(largest).p50 / at(smallest).p50).toFixed(2)}`;
  });
  console.log(`  ${db.padEnd(8)} ${ratios.join(', ')}`);
}
agent.destroy();
process.exit(0);
