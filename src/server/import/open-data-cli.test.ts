import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/run-cli.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-open-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run import -- <args>` as an operator runs it, on its own embedded database. */
const run = (...args: string[]) => runCli('src/server/import/open-data-cli.ts', dataDir, args);

describe('npm run import', () => {
  it('refuses bad input clearly and opens no database', async () => {
    const unknown = await run('nowhere-murals', 'x.json');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown source 'nowhere-murals'");
    expect(unknown.stderr).toContain('melbourne-outdoor-artworks');
    const missing = await run('montreal-murales', 'test/fixtures/open-data/missing.csv');
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No such file') });
    const malformed = await run('montreal-murales', 'test/fixtures/open-data/README.md');
    expect(malformed.code).toBe(1);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  it('imports a file and prints the report; a second run changes nothing', async () => {
    const first = await run('montreal-murales', 'test/fixtures/open-data/ckan.csv');
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(
      'montreal-murales: added 2, updated 0, unchanged 0, skipped 1, no longer listed 0',
    );
    expect(first.stdout).toContain('skipped  row 4: no geometry');
    expect(first.stdout).toContain('fixed    1 × the source says it is no longer visible');
    const again = await run('montreal-murales', 'test/fixtures/open-data/ckan.csv');
    expect(again.stdout).toContain('added 0, updated 0, unchanged 2');
  });
});
