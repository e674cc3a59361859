import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runMain, useMigratedDataDir } from '../../../test/run-cli.ts';
import { main } from './open-data-command.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-open-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run import -- <args>` as an operator runs it, on its own embedded database. */
const run = (...args: string[]) => runCli('src/server/import/open-data-cli.ts', dataDir, args);
/** The same command in this process: the spawned case proves the process around it. */
const call = (...args: string[]) => runMain(main, args, { DATA_DIR: dataDir });

describe('npm run import', () => {
  it('refuses an unknown source with exit code 2', async () => {
    const unknown = await run('nowhere-murals', 'x.json');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown source 'nowhere-murals'");
    expect(unknown.stderr).toContain('melbourne-outdoor-artworks');
  });

  it.each([
    ['test/fixtures/open-data/missing.csv', 'No such file: test/fixtures/open-data/missing.csv\n'],
    [
      'test/fixtures/open-data/README.md',
      "test/fixtures/open-data/README.md is not montreal-murales's data: no field the source is read by is in it\n",
    ],
  ])('refuses %s in one line, exit 1, and opens no database', async (input, stderr) => {
    expect(await call('montreal-murales', input)).toMatchObject({ code: 1, stderr });
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('imports a file and prints the report; a second run changes nothing', async () => {
    await useMigratedDataDir(dataDir);
    const first = await call('montreal-murales', 'test/fixtures/open-data/ckan.csv');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('  refused   line 4: no geometry');
    expect(first.stdout).toContain('  fixed     1 × the source says it is no longer visible');
    const last = (r: { stdout: string }) => r.stdout.trimEnd().split('\n').at(-1);
    expect(last(first)).toBe(
      'montreal-murales: added 2, updated 0, unchanged 0, skipped 0, refused 1, no longer listed 0, listed again 0',
    );
    const again = await call('montreal-murales', 'test/fixtures/open-data/ckan.csv');
    expect(last(again)).toMatch(/^montreal-murales: added 0, updated 0, unchanged 2,/);
  }, 120_000);

  it('exits 1 on an input with no usable record, and marks nothing as gone', async () => {
    const bad = path.join(dataDir, 'all-bad.csv');
    writeFileSync(bad, 'id,artiste,latitude,longitude\n1,Fixture Picard,0x2d,-73.6\n');
    const r = await call('montreal-murales', bad);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("  refused   line 2: latitude '0x2d' is not a decimal number");
    expect(r.stdout).toContain(
      '  note      no usable record in this input: nothing was marked as no longer listed',
    );
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      'montreal-murales: added 0, updated 0, unchanged 0, skipped 0, refused 1, no longer listed 0, listed again 0',
    );
    expect(r.stderr).toBe(`Nothing imported: no usable record in ${bad}.\n`);
  }, 120_000);
});
