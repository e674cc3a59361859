/**
 * Catalogue reads, signed in, against a bare node:http server sending the same bytes with the
 * same headers (docs/decisions/028). Starts the app as `npm start` does (building only if the
 * sources changed) on a fresh seeded embedded database, signs a player up, records each route's
 * answer as a browser gets it (brotli), then alternates the two servers under
 * `autocannon -c 100 -p 10`, round after round, and prints requests per second and the
 * app/bare ratio per route: the median of the rounds and their spread.
 *
 * The machine's cores are split (Linux, with taskset): both servers run on one core in turn and
 * the load generator on the other, so neither server gets a core the client or the other
 * server's leftovers want, and each route is loaded once per server before the rounds count.
 *
 *   npm run bench:reads [-- --rounds 3 --seconds 10 --routes /api/artists,/healthz]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { freePort } from './servers.ts';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    routes: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const AUTOCANNON = path.join(root, 'node_modules/.bin/autocannon');
/** The catalogue routes, and /healthz for reference: the framework's own floor. */
const ROUTES = values.routes?.split(',') ?? [
  '/api/legal-walls',
  '/api/artists',
  '/api/missions',
  '/api/color-chart',
  '/healthz',
];
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

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

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

/** autocannon in a process of its own; its JSON result's average requests per second. */
function load(port: number, url: string, cookie: string, seconds = SECONDS): Promise<number> {
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
        non2xx: number;
        errors: number;
      };
      if (result.non2xx > 0 || result.errors > 0) {
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      } else resolve(result.requests.average);
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-reads-'));
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill()));

const appPort = await freePort();
const appLog = openSync(path.join(dataDir, 'app.log'), 'w');
const [appCommand, ...appArgs] = onCore(SERVER_CORE, ['node', 'scripts/start.mjs']);
const app = spawn(appCommand!, appArgs, {
  cwd: root,
  env: { ...process.env, PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir },
  // Build messages to the console; the server's request log to a file, as in production.
  stdio: ['ignore', appLog, 'inherit'],
});
children.push(app);
await waitFor(`http://127.0.0.1:${appPort}/healthz`, app);

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
  'node',
  'bench/bare-server.mjs',
  String(barePort),
  answersFile,
]);
const bare = spawn(bareCommand!, bareArgs, {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
children.push(bare);
await waitFor(`http://127.0.0.1:${barePort}${ROUTES[0]}`, bare);

console.log(
  `\n${ROUNDS} rounds × ${SECONDS} s per server and route, autocannon -c 100 -p 10, signed in, ` +
    `accept-encoding: ${ACCEPT_ENCODING}, ` +
    (pinned ? `servers on core ${SERVER_CORE}, autocannon on core ${CLIENT_CORE}` : 'not pinned'),
);
for (const url of ROUTES) {
  await load(appPort, url, cookie, WARM_UP_SECONDS);
  await load(barePort, url, cookie, WARM_UP_SECONDS);
}
const results = new Map(ROUTES.map((url) => [url, { app: [] as number[], bare: [] as number[] }]));
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
        `app ${r.app.at(-1)!.toFixed(0)} req/s, bare ${r.bare.at(-1)!.toFixed(0)} req/s`,
    );
  }
}

console.log('\nroute                 app req/s   bare req/s   app/bare (median, spread)');
for (const [url, r] of results) {
  const ratios = r.app.map((a, i) => a / r.bare[i]!);
  console.log(
    `${url.padEnd(20)}  ${median(r.app).toFixed(0).padStart(9)}   ${median(r.bare).toFixed(0).padStart(10)}   ` +
      `${median(ratios).toFixed(2)} (${spread(ratios)})`,
  );
}
process.exit(0);
