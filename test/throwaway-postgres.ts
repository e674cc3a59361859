import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/**
 * A Postgres cluster of the test's own, for the few tests that need a Postgres server even in
 * the embedded-database pass (several app processes on one DATABASE_URL). Debian's server
 * binaries, as `.ci/run` uses them; as root, the cluster runs as the postgres user.
 */
function serverBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'These tests need PostgreSQL server binaries (apt-get install postgresql) or TEST_DATABASE_URL.',
    );
  }
  return path.join(root, versions[0], 'bin');
}

const postgresId = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, 'postgres']).toString().trim());

export async function startThrowawayPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = serverBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, postgresId('-u'), postgresId('-g'));
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : execFileSync(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
