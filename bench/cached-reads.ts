/**
 * Signed-in reads against a bare node:http server sending the same bytes with the same headers
 * (docs/decisions/028 and 050), on both databases. For each, starts the app as `npm start` does
 * (its command from package.json, building only if the sources changed): on a fresh seeded
 * embedded database, then on a new database on a Postgres server. Signs a player up, records
 * each route's answer as a browser gets it (brotli), then alternates the two servers under
 * `autocannon -c 100 -p 10`, round after round, and prints requests per second, the app/bare
 * ratio per route (the median of the rounds and their spread) and each server's p99 latency
 * (median of the rounds).
 *
 * The machine's cores are split (Linux, with taskset): both servers run on one core in turn and
 * the load generator on the other, so neither server gets a core the client or the other
 * server's leftovers want, and each route is loaded once per server before the rounds count.
 *
 *   npm run bench:reads [-- --rounds 3 --seconds 10 --routes /api/artists,/healthz
 *                          --databases pglite,postgres --postgres postgres://…
 *                          --cpu-prof /tmp/profiles]
 *
 * --cpu-prof writes a V8 CPU profile of each server (`node --cpu-prof`, the app's and the bare
 * server's) into that folder when it stops: where the time per request goes, which the rates on
 * a loaded machine cannot say.
 *
 * The Postgres server is --postgres, else TEST_DATABASE_URL's server, else BENCH_POSTGRES_URL's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { freshPostgresDatabase, postgresServer } from './databases.ts';
import { buildIfChanged, freePort, npmStartCommand, waitForChild } from './servers.ts';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    routes: { type: 'string' },
    databases: { type: 'string', default: 'pglite,postgres' },
    postgres: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const AUTOCANNON = path.join(root, 'node_modules/.bin/autocannon');
/**
 * Three catalogue routes (answered in front of Fastify), the signed-in player (through
 * Fastify, from the session in memory), and /healthz for reference: the framework's own floor.
 */
const ROUTES = values.routes?.split(',') ?? [
  '/api/legal-walls',
  '/api/artists',
  '/api/missions',
  '/api/auth/user',
  '/healthz',
];
const DATABASES = values.databases.split(',') as ('pglite' | 'postgres')[];
const POSTGRES = postgresServer(values.postgres);
/** Loaded, not counted: the JIT and the caches settle. */
const WARM_UP_SECONDS = 3;
/**
 * Servers on the last core, the load generator on the first: with both sharing every core the
 * bare server's figure swung threefold from run to run.
 */
const cores = os.availableParallelism();
const pinned = cores >= 2 && spawnSync('taskset', ['-V']).status === 0;
const onCore = (core: number, command: string[]) =>
  pinned ? ['taskset', '-c', String(core), ...command] : command;
const SERVER_CORE = cores - 1;
const CLIENT_CORE = 0;
/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Per-request headers that are not part of the answer being compared. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One answer exactly as sent: raw (still compressed) bytes and headers. */
function record(port: number, url: string, cookie: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          port,
          host: '127.0.0.1',
          path: url,
          headers: { cookie, 'accept-encoding': ACCEPT_ENCODING },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) {
              if (!NOT_REPLAYED.has(name) && name !== 'content-length') {
                headers[name] = String(value);
              }
            }
            resolve({
              status: res.statusCode ?? 0,
              headers,
              body: Buffer.concat(chunks).toString('base64'),
            });
          });
        },
      )
      .on('error', reject);
  });
}

interface Loaded {
  perSecond: number;
  p99: number;
}

/** autocannon in a process of its own: average requests per second and p99 latency (ms). */
function load(port: number, url: string, cookie: string, seconds = SECONDS): Promise<Loaded> {
  const args = ['-c', '100', '-p', '10', '-d', String(seconds), '-j'];
  args.push('-H', `cookie=${cookie}`, '-H', `accept-encoding=${ACCEPT_ENCODING}`);
  const [command, ...rest] = onCore(CLIENT_CORE, [
    AUTOCANNON,
    ...args,
    `http://127.0.0.1:${port}${url}`,
  ]);
  const run = spawn(command!, rest, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  run.stdout.on('data', (chunk: Buffer) => (out += chunk));
  return new Promise((resolve, reject) => {
    run.on('close', () => {
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p99: number };
        non2xx: number;
        errors: number;
      };
      if (result.non2xx > 0 || result.errors > 0) {
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      } else resolve({ perSecond: result.requests.average, p99: result.latency.p99 });
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;

/**
 * The command with node's CPU profiler on when --cpu-prof names a folder: each server's
 * profile lands in <folder>/<database>-app or -bare, written when the bench stops it.
 */
function withProfile(command: string[], name: string): string[] {
  const folder = values['cpu-prof'];
  if (!folder) return command;
  const node = command.indexOf('node');
  const into = path.resolve(folder, name);
  return [
    ...command.slice(0, node + 1),
    '--cpu-prof',
    `--cpu-prof-dir=${into}`,
    ...command.slice(node + 1),
  ];
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill()));
buildIfChanged(root);

/** Starts the app and the bare server on `kind`, runs the rounds, prints the table, stops. */
async function bench(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-reads-'));
  const database =
    kind === 'postgres'
      ? { DATABASE_URL: await freshPostgresDatabase(POSTGRES, 'streetscope_bench_reads') }
      : {};
  const appPort = await freePort();
  const appLog = openSync(path.join(dataDir, 'app.log'), 'w');
  const [appCommand, ...appArgs] = onCore(
    SERVER_CORE,
    withProfile(npmStartCommand(root), `${kind}-app`),
  );
  const app = spawn(appCommand!, appArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...database,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    // The server's request log to a file, as in production.
    stdio: ['ignore', appLog, 'inherit'],
  });
  children.push(app);
  await waitForChild(`http://127.0.0.1:${appPort}/healthz`, app);

  const signup = await fetch(`http://127.0.0.1:${appPort}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_reader', password: 'spray-paint-rules-42' }),
  });
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!signup.ok || !cookie) throw new Error(`sign-up failed: ${signup.status}`);

  const answers: Record<string, Recorded> = {};
  for (const url of ROUTES) {
    answers[url] = await record(appPort, url, cookie);
    if (answers[url].status !== 200) throw new Error(`${url}: ${answers[url].status}`);
  }
  const answersFile = path.join(dataDir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  const barePort = await freePort();
  const [bareCommand, ...bareArgs] = onCore(SERVER_CORE, [
    ...withProfile(['node'], `${kind}-bare`),
    'bench/bare-server.mjs',
    String(barePort),
    answersFile,
  ]);
  const bare = spawn(bareCommand!, bareArgs, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(bare);
  await waitForChild(`http://127.0.0.1:${barePort}${ROUTES[0]}`, bare);

  console.log(
    `\n${kind}: ${ROUNDS} rounds × ${SECONDS} s per server and route, autocannon -c 100 -p 10, ` +
      `signed in, accept-encoding: ${ACCEPT_ENCODING}, ` +
      (pinned ? `servers on core ${SERVER_CORE}, autocannon on core ${CLIENT_CORE}` : 'not pinned'),
  );
  for (const url of ROUTES) {
    await load(appPort, url, cookie, WARM_UP_SECONDS);
    await load(barePort, url, cookie, WARM_UP_SECONDS);
  }
  const results = new Map(
    ROUTES.map((url) => [url, { app: [] as Loaded[], bare: [] as Loaded[] }]),
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const url of ROUTES) {
      const r = results.get(url)!;
      // Alternate which server goes first, so neither always meets a warmer machine.
      const order = round % 2 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
      for (const which of order) {
        r[which].push(await load(which === 'app' ? appPort : barePort, url, cookie));
      }
      const body = answers[url]!;
      console.log(
        `round ${round} ${url} (${Buffer.from(body.body, 'base64').length} B ${body.headers['content-encoding'] ?? 'identity'}): ` +
          `app ${r.app.at(-1)!.perSecond.toFixed(0)} req/s, bare ${r.bare.at(-1)!.perSecond.toFixed(0)} req/s`,
      );
    }
  }

  console.log(
    `\n${kind.padEnd(18)}  app req/s   bare req/s   app/bare (median, spread)   p99 app / bare`,
  );
  for (const [url, r] of results) {
    const ratios = r.app.map((a, i) => a.perSecond / r.bare[i]!.perSecond);
    const p99 = (xs: Loaded[]) => `${median(xs.map((x) => x.p99)).toFixed(0)} ms`;
    console.log(
      `${url.padEnd(18)}  ${median(r.app.map((a) => a.perSecond))
        .toFixed(0)
        .padStart(9)}   ` +
        `${median(r.bare.map((b) => b.perSecond))
          .toFixed(0)
          .padStart(10)}   ` +
        `${`${median(ratios).toFixed(2)} (${spread(ratios)})`.padEnd(26)}   ${p99(r.app)} / ${p99(r.bare)}`,
    );
  }
  for (const child of [app, bare]) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (kind === 'postgres') await freshPostgresDatabase(POSTGRES, 'streetscope_bench_reads', true);
}

for (const kind of DATABASES) await bench(kind);
process.exit(0);
