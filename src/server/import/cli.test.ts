import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runMain } from '../../../test/run-cli.ts';
import { main } from './import-walls-command.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-import-'));
const files = mkdtempSync(path.join(os.tmpdir(), 'streetscope-import-files-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

/** `npm run import:walls -- <args>` as an operator runs it, on its own embedded database. */
const run = (...args: string[]) => runCli('src/server/import/cli.ts', dataDir, args);
/** The same command in this process: the spawned cases prove the process around it. */
const call = (...args: string[]) => runMain(main, args, { DATA_DIR: dataDir });
const file = (name: string, text: string) => {
  writeFileSync(path.join(files, name), text);
  return path.join(files, name);
};

describe('npm run import:walls', () => {
  it('explains itself when the file is missing', async () => {
    const r = await call();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: npm run import:walls -- <file>');
  });

  it.each([
    ['broken.json', '{"elements": [', 'broken.json is not valid JSON: '],
    ['object.geojson', '{"type":"FeatureCollection","features":{}}', '"features" is not an array'],
    ['empty.csv', '', 'empty.csv: it has no header row'],
  ])('refuses %s in one line, exit 1, before opening the database', async (name, text, message) => {
    const r = await call(file(name, text));
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('says so when the file is not there', async () => {
    expect(await call('test/fixtures/walls/missing.csv')).toMatchObject({
      code: 1,
      stderr: 'No such file: test/fixtures/walls/missing.csv\n',
    });
  });

  it('exits 1 when every record is refused, listing each with its line, to the end', async () => {
    // 3,000 lines of report: more than a pipe holds, so the tail is written before the exit.
    const rows = Array.from({ length: 3000 }, (_, i) => `w${i},Wall ${i},0x10,147`);
    const r = await run(file('all-bad.csv', ['id,name,latitude,longitude', ...rows].join('\n')));
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe("  refused   line 2: latitude '0x10' is not a decimal number");
    expect(lines.slice(-2)).toEqual([
      "  refused   line 3001: latitude '0x10' is not a decimal number",
      'added 0, updated 0, unchanged 0, skipped 0, refused 3000',
    ]);
    expect(r.stderr).toBe(`Nothing imported: every record in ${files}/all-bad.csv was refused.\n`);
  });

  it('imports a CSV file and ends with the totals', async () => {
    const r = await run('test/fixtures/walls/walls.csv');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  added     line 2: csv-harbour-wall (Fixture harbour wall)');
    expect(r.stdout).toContain("  refused   line 3: latitude 'abc' is not a decimal number");
    expect(r.stdout).toContain("  refused   line 7: unknown country 'Narnia'");
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      'added 2, updated 0, unchanged 0, skipped 1, refused 3',
    );
  }, 120_000);

  it('changes nothing when the same file comes again', async () => {
    const again = await call('test/fixtures/walls/walls.csv');
    expect(again.code).toBe(0);
    expect(again.stdout.trimEnd().split('\n').at(-1)).toBe(
      'added 0, updated 0, unchanged 2, skipped 1, refused 3',
    );
  }, 120_000);

  it('fails clearly on a file that is not a wall file', async () => {
    const r = await call('package.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'package.json is neither Overpass output (elements) nor GeoJSON (FeatureCollection)\n',
    );
  });
});
