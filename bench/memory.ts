/**
 * Memory and start time of the server on a small machine (docs/decisions/050): starts the app
 * exactly as `npm start` does (its command from package.json, after building if the sources
 * changed) on a fresh database, waits for /healthz (the wall-clock and CPU time that took), lets
 * it idle, reads its resident memory; stops it and starts it again on the same database (a
 * restart). Both databases: the embedded one in a fresh DATA_DIR, and a new database on a
 * Postgres server. Beside them, a bare `node:http` server (bench/bare-server.mjs) started and
 * measured the same way.
 *
 *   npm run bench:memory [-- --idle 10 --postgres postgres://postgres@127.0.0.1:55433]
 *
 * The Postgres server is --postgres, else TEST_DATABASE_URL's server, else BENCH_POSTGRES_URL's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freshPostgresDatabase, postgresServer } from './databases.ts';
import { buildIfChanged, freePort, npmStartCommand, waitForChild } from './servers.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    idle: { type: 'string', default: '10' },
    postgres: { type: 'string' },
  },
});
const IDLE_MS = Number(values.idle) * 1000;
const POSTGRES = postgresServer(values.postgres);
const DATABASE = 'streetscope_bench_memory';

const startCommand = npmStartCommand(root);
buildIfChanged(root);

/** Kilobytes in /proc/<pid>/status, as megabytes. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}

/** CPU seconds the process has used so far, all its threads (/proc/<pid>/stat, at 100 Hz). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime: the 14th and 15th fields, the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Measured {
  startMs: number;
  /** CPU time to /healthz: on a busy machine the wall-clock start says more about the others. */
  startCpuS: number;
  idleMb: number;
  peakMb: number;
}

/** Starts `command`, times it to `path` answering, idles, reads its memory and stops it. */
async function measure(command: string[], env: NodeJS.ProcessEnv, port: number, urlPath: string) {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    // The request log is not measured; warnings and errors (LOG_LEVEL=warn) are shown.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForChild(`http://127.0.0.1:${port}${urlPath}`, child);
    const startMs = performance.now() - started;
    const startCpuS = cpuSeconds(child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const result: Measured = {
      startMs,
      startCpuS,
      idleMb: statusMb(child.pid!, 'VmRSS'),
      peakMb: statusMb(child.pid!, 'VmHWM'),
    };
    return result;
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const rows: [string, Measured][] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-memory-'));
try {
  const answers = path.join(scratch, 'answers.json');
  writeFileSync(
    answers,
    JSON.stringify({
      '/healthz': {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"status":"ok"}').toString('base64'),
      },
    }),
  );
  const port = await freePort();
  const bare = ['node', 'bench/bare-server.mjs', String(port), answers];
  rows.push(['bare node:http', await measure(bare, {}, port, '/healthz')]);

  const dataDir = path.join(scratch, 'data');
  for (const run of ['fresh', 'restart']) {
    const m = await measure(startCommand, { DATA_DIR: dataDir }, await freePort(), '/healthz');
    rows.push([`PGlite, ${run}`, m]);
  }

  const url = await freshPostgresDatabase(POSTGRES, DATABASE);
  const env = { DATA_DIR: path.join(scratch, 'pg-data'), DATABASE_URL: url };
  for (const run of ['fresh', 'restart']) {
    rows.push([`Postgres, ${run}`, await measure(startCommand, env, await freePort(), '/healthz')]);
  }
  await freshPostgresDatabase(POSTGRES, DATABASE, true);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(
  `\n${startCommand.join(' ')}; idle ${IDLE_MS / 1000} s after /healthz answered; ` +
    `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log('server              start to /healthz   CPU to /healthz   idle RSS   peak RSS');
for (const [name, m] of rows) {
  console.log(
    `${name.padEnd(18)}  ${`${(m.startMs / 1000).toFixed(2)} s`.padStart(17)}   ` +
      `${`${m.startCpuS.toFixed(2)} s`.padStart(15)}   ` +
      `${`${m.idleMb.toFixed(0)} MB`.padStart(8)}   ${`${m.peakMb.toFixed(0)} MB`.padStart(8)}`,
  );
}
