import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-import-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** This machine's environment pointed at a fresh embedded database (no DATABASE_URL). */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return env;
}

/** `npm run import:walls -- <args>` as an operator runs it, on its own embedded database. */
async function run(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/import/cli.ts', ...args],
      { cwd: ROOT, env: embeddedEnv() },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run import:walls', () => {
  it('explains itself when the file is missing', async () => {
    const r = await run();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: npm run import:walls -- <file>');
  });

  it('imports a CSV file into the database and reports each record', async () => {
    const r = await run('test/fixtures/walls/walls.csv');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('added 2, updated 0, skipped 4');
    expect(r.stdout).toContain('added    row 2: csv-harbour-wall (Fixture harbour wall)');
    expect(r.stdout).toContain("skipped  row 7: unknown country 'Narnia'");
    // The same file again: the database kept the walls, so nothing is added twice.
    const again = await run('test/fixtures/walls/walls.csv');
    expect(again.stdout).toContain('added 0, updated 0, skipped 6');
  });

  it('fails clearly on a file that is not a wall file', async () => {
    const r = await run('package.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('neither Overpass');
  });
});
