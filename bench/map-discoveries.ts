/**
 * The map with 100,000 artworks in view. Seeds a fresh embedded database with that many
 * artworks around the Gold Coast, starts the built server with the local tile stand-in, opens
 * the map home in Chromium and reports:
 *  - time from navigation to the map's first frame with every artwork drawn (clustered);
 *  - frame times while the player pans the map by mouse drags.
 *
 *   npm run build && npm run bench:map [-- --points 100000]
 *
 * Headless Chromium draws WebGL in software (SwiftShader) on the CPU, so frame times here are an
 * upper bound of what a phone's GPU does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { freePort, waitFor } from './servers.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { points: { type: 'string', default: '100000' } } });
const POINTS = Number(values.points);
const CENTRE = { latitude: -28.0167, longitude: 153.4 };
/** Half the side of the box the points are spread over, in degrees (about 33 km by 33 km). */
const SPREAD = 0.15;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-map-'));
let started = performance.now();
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await database.db.execute(sql`
  insert into users (id, username) values ('bench-seeder', 'bench_seeder')`);
// A tenth gone and a fifth not seen for a year, so every pin style is drawn.
await database.db.execute(sql`
  insert into artworks (id, title, emoji_pin, latitude, longitude, status, first_finder_id,
                        last_seen_at)
  select 'bench-' || n, 'Piece ' || n, 'location',
         ${CENTRE.latitude} + (random() * 2 - 1) * ${SPREAD},
         ${CENTRE.longitude} + (random() * 2 - 1) * ${SPREAD},
         case when n % 10 = 0 then 'gone' else 'present' end, 'bench-seeder',
         now() - case when n % 5 = 0 then interval '1 year' else interval '1 day' end
  from generate_series(1, ${POINTS}) as n`);
await database.close();
console.log(`seeded ${POINTS} artworks in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const [port, tilePort] = [await freePort(), await freePort()];
const tiles = `http://127.0.0.1:${tilePort}`;
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'e2e/tile-server.ts'], {
    cwd: root,
    env: { ...process.env, TILE_PORT: String(tilePort) },
    stdio: 'ignore',
  }),
  spawn('node', ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAP_SATELLITE_TILES: `${tiles}/sat/{z}/{x}/{y}.png`,
      MAP_STANDARD_SATELLITE_TILES: `${tiles}/standard/{z}/{x}/{y}.png`,
      MAP_LABEL_TILES: `${tiles}/labels/{z}/{x}/{y}.png`,
      MAP_TERRAIN_TILES: `${tiles}/terrain/{z}/{x}/{y}.png`,
      MAP_BUILDINGS_URL: `${tiles}/buildings.json`,
    },
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('exit', stop);
const base = `http://localhost:${port}`;
await Promise.all([waitFor(`${base}/readyz`), waitFor(`${tiles}/buildings.json`)]);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const signup = await page.request.post(`${base}/api/signup`, {
  data: { username: 'bench_player', password: 'bright colours on grey walls' },
});
if (!signup.ok()) throw new Error(`sign-up: ${signup.status()}`);
const me = (await (await page.request.get(`${base}/api/auth/user`)).json()) as { id: string };
await page.addInitScript((id: string) => {
  localStorage.setItem(`streetscope:character-created:${id}`, 'bench');
}, me.id);

started = performance.now();
await page.goto(`${base}/?lat=${CENTRE.latitude}&lng=${CENTRE.longitude}&zoom=11`);
const map = page.getByTestId('map');
await map.and(page.locator(`[data-artworks="${POINTS}"]`)).waitFor({ timeout: 300_000 });
const firstRender = await page.evaluate(() => {
  const [mark] = performance.getEntriesByName('streetscope:artworks-rendered');
  return mark ? mark.startTime : null;
});
if (firstRender === null) throw new Error('the map did not mark its first render');
const api = (await page.evaluate(`performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/api/artworks/in-view'))
  .map((e) => ({ ms: e.responseEnd - e.startTime, bytes: e.encodedBodySize }))`)) as {
  ms: number;
  bytes: number;
}[];
console.log(`time to first render with ${POINTS} artworks: ${firstRender.toFixed(0)} ms`);
for (const a of api) {
  console.log(
    `  in-view request: ${a.ms.toFixed(0)} ms, ${(a.bytes / 1024).toFixed(0)} kB on the wire`,
  );
}

// Pan: drag the map in a loop for a few seconds while every frame's time is recorded.
// A string, not a function: tsx's name helpers do not exist in the page.
await page.evaluate(`
  window.frames_ = [];
  let last = performance.now();
  requestAnimationFrame(function tick(now) {
    window.frames_.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  });
`);
const box = (await map.boundingBox())!;
const cx = box.x + box.width / 2;
const cy = box.y + box.height / 2;
for (let i = 0; i < 8; i++) {
  const dx = (i % 2 === 0 ? 1 : -1) * 300;
  const dy = (i % 4 < 2 ? 1 : -1) * 160;
  await page.mouse.move(cx - dx / 2, cy - dy / 2);
  await page.mouse.down();
  await page.mouse.move(cx + dx / 2, cy + dy / 2, { steps: 30 });
  await page.mouse.up();
}
const frames = (await page.evaluate('window.frames_')) as number[];
await browser.close();
stop();

const sorted = frames.slice(1).sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
console.log(
  `panning: ${sorted.length} frames, mean ${mean.toFixed(1)} ms (${(1000 / mean).toFixed(0)} fps), ` +
    `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ` +
    `max ${sorted[sorted.length - 1]!.toFixed(1)} ms, over 50 ms: ${sorted.filter((v) => v > 50).length}`,
);
process.exit(0);
