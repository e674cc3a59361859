/**
 * Discoveries written by many players at once, on both databases (issue 37): starts the app as
 * `npm start` does on a fresh embedded database, then on a new database on a Postgres server;
 * signs PLAYERS players up; each then posts discoveries (no photo) one after another for the
 * measured seconds, after a short warm-up. Prints discoveries per second, p50 and p99 latency,
 * and any answer that was not 201.
 *
 * The app runs on the last core (Linux, with taskset), the players on the others: the figure is
 * the server's, not the load generator's.
 *
 *   npm run bench:writes [-- --players 50 --seconds 10 --databases pglite,postgres --postgres …]
 *
 * Each player stays under the per-player write limit (120 a minute) for runs up to about
 * 20 seconds on this machine; a longer run shows its refusals as 429s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshPostgresDatabase, postgresServer } from './databases.ts';
import { buildIfChanged, freePort, npmStartCommand, waitForChild } from './servers.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    databases: { type: 'string', default: 'pglite,postgres' },
    postgres: { type: 'string' },
  },
});
const PLAYERS = Number(values.players);
const SECONDS = Number(values.seconds);
const WARM_UP_SECONDS = 2;
const DATABASES = values.databases.split(',') as ('pglite' | 'postgres')[];
const POSTGRES = postgresServer(values.postgres);
const SERVER_CORE = os.availableParallelism() - 1;
const pinned = SERVER_CORE > 0 && spawnSync('taskset', ['-V']).status === 0;

/** Melbourne's centre: each player writes around a spot of their own within a few km. */
const CITY = { latitude: -37.8136, longitude: 144.9631 };

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill()));
buildIfChanged(root);

type Player = { cookie: string; home: { latitude: number; longitude: number } };
type Tally = { made: number; latencies: number[]; refused: Map<number, number> };

async function signUp(base: string, i: number): Promise<Player> {
  const res = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench_writer_${i}`, password: 'spray-paint-rules-42' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!res.ok || !cookie) throw new Error(`sign-up ${i} failed: ${res.status}`);
  const row = Math.floor(i / 10);
  const home = {
    latitude: CITY.latitude + (row - 2) * 0.01,
    longitude: CITY.longitude + ((i % 10) - 5) * 0.01,
  };
  return { cookie, home };
}

/** One player's closed loop: a discovery, its answer, the next, until `until`. */
async function write(base: string, player: Player, until: number, tally: Tally | null) {
  for (let n = 0; Date.now() < until; n++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/discoveries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: player.cookie },
      body: JSON.stringify({
        name: `Bench piece ${n}`,
        description: '',
        latitude: player.home.latitude + (Math.random() - 0.5) * 0.004,
        longitude: player.home.longitude + (Math.random() - 0.5) * 0.004,
        emojiPin: 'location',
      }),
    });
    await res.arrayBuffer();
    if (!tally) continue;
    if (res.status === 201) {
      tally.made++;
      tally.latencies.push(performance.now() - started);
    } else {
      tally.refused.set(res.status, (tally.refused.get(res.status) ?? 0) + 1);
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function bench(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-writes-'));
  const database =
    kind === 'postgres'
      ? { DATABASE_URL: await freshPostgresDatabase(POSTGRES, 'streetscope_bench_writes') }
      : {};
  const port = await freePort();
  const command = npmStartCommand(root);
  const [bin, ...args] = pinned ? ['taskset', '-c', String(SERVER_CORE), ...command] : command;
  const app = spawn(bin!, args, {
    cwd: root,
    env: {
      ...process.env,
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIGNUP_RATE_LIMIT: String(PLAYERS * 2),
    },
    stdio: ['ignore', openSync(path.join(dataDir, 'app.log'), 'w'), 'inherit'],
  });
  children.push(app);
  const base = `http://127.0.0.1:${port}`;
  await waitForChild(`${base}/healthz`, app);

  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await signUp(base, i));
  const warm = Date.now() + WARM_UP_SECONDS * 1000;
  await Promise.all(players.map((p) => write(base, p, warm, null)));

  const tally: Tally = { made: 0, latencies: [], refused: new Map() };
  const started = Date.now();
  await Promise.all(players.map((p) => write(base, p, started + SECONDS * 1000, tally)));
  const elapsed = (Date.now() - started) / 1000;
  // Stopped before its database is dropped under it.
  const exited = new Promise((resolve) => app.once('exit', resolve));
  app.kill();
  await exited;

  const sorted = tally.latencies.sort((a, b) => a - b);
  const refused = [...tally.refused].map(([status, n]) => `${n}x ${status}`).join(', ') || 'none';
  console.log(
    `${kind.padEnd(8)} ${(tally.made / elapsed).toFixed(1).padStart(7)} discoveries/s` +
      `  p50 ${percentile(sorted, 50).toFixed(0)} ms  p99 ${percentile(sorted, 99).toFixed(0)} ms` +
      `  (${tally.made} in ${elapsed.toFixed(1)} s; not 201: ${refused})`,
  );
  if (kind === 'postgres') await freshPostgresDatabase(POSTGRES, 'streetscope_bench_writes', true);
}

console.log(
  `${PLAYERS} players posting discoveries for ${SECONDS} s` +
    (pinned ? `, the app on core ${SERVER_CORE}` : ''),
);
for (const kind of DATABASES) await bench(kind);
process.exit(0);
