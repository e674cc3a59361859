import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client.ts';
import {
  prepareDataDir,
  seededCopyCompleted,
  seededTemplateStamp,
  writeTemplates,
} from './data-dir-template.ts';
import { seedDatabase, seedTemplate, seedTemplateCopy } from './seed.ts';

/**
 * The templates a build makes, made here in a folder of the test's own: a fresh DATA_DIR made
 * from the seeded template must hold exactly what one seeded on its first start holds.
 */
let root: string;
let template: string;
const BUILT = new Date('2026-01-05T10:00:00Z');
const STARTED = new Date('2026-03-20T18:30:00Z');

/** Every row of every table in the public schema, each table's rows in a stable order. */
async function allRows(dataDir: string): Promise<Record<string, string[]>> {
  const { pglite } = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const tables = await pglite!.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const result = await pglite!.query<{ row: string }>(
        `select to_jsonb(t)::text as row from "${name}" t`,
      );
      rows[name] = result.rows.map((r) => r.row).sort();
    }
    return rows;
  } finally {
    await pglite!.close();
  }
}

async function migrate(dir: string, seed?: typeof seedTemplate) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await seed?.(database.db);
  await database.close();
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'streetscope-template-'));
  template = path.join(root, 'pglite-template');
  // PGlite reads the clock through Date: the template is made on one day, the data dirs on
  // another, so a row dated from the build would show.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BUILT);
  expect(await writeTemplates(migrate, (dir) => migrate(dir, seedTemplate), template)).toEqual([
    template,
    `${template}-seeded`,
  ]);
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  rmSync(root, { recursive: true, force: true });
});

describe('a fresh embedded DATA_DIR', () => {
  it('made from the seeded template holds exactly the rows of one seeded on its first start', async () => {
    vi.setSystemTime(STARTED);
    const fromTemplate = path.join(root, 'from-seeded-template');
    expect(await prepareDataDir(fromTemplate, true, template)).toBe('seeded');
    const copy = await openDatabase({ kind: 'pglite', dataDir: fromTemplate });
    await seedTemplateCopy(copy.db);
    await copy.close();
    const rows = await allRows(fromTemplate);

    // As a start did before the seeded template: a copy of the migrated one, then the seed.
    const seededAtStart = path.join(root, 'seeded-at-start');
    expect(await prepareDataDir(seededAtStart, false, template)).toBe('template');
    await migrate(seededAtStart, seedDatabase);
    const expected = await allRows(seededAtStart);
    expect(expected.artworks!.length).toBeGreaterThan(100);
    // Made in the first start's transaction: dated from the start, not from the build.
    expect(expected.legal_walls![0]).toContain('"created_at": "2026-03-20T18:30:00+00:00"');
    expect(rows).toEqual(expected);

    // And as without any template (initdb and the migrations at the start), on the tables
    // the seed fills: the migrations' own rows are dated from when they ran.
    const unseeded = path.join(root, 'unseeded');
    expect(await prepareDataDir(unseeded, false, template)).toBe('template');
    const migrated = await allRows(unseeded);
    const seedTables = Object.keys(expected).filter(
      (t) => expected[t]!.join() !== migrated[t]!.join(),
    );
    expect(seedTables).toEqual(
      expect.arrayContaining(['artists', 'artworks', 'legal_walls', 'missions', 'tour_stops']),
    );
    const withoutTemplate = path.join(root, 'without-template');
    await migrate(withoutTemplate, seedDatabase);
    const made = await allRows(withoutTemplate);
    for (const table of seedTables) expect(rows[table], table).toEqual(made[table]);
  }, 180_000);

  it('starts from the plain template when the seeded one was made from other sources', async () => {
    writeFileSync(`${template}-seeded.json`, 'made from other seed files');
    expect(await prepareDataDir(path.join(root, 'outdated'), true, template)).toBe('template');
    writeFileSync(`${template}-seeded.json`, seededTemplateStamp());
    expect(await prepareDataDir(path.join(root, 'current'), true, template)).toBe('seeded');
  });

  it('is completed again on the next start when the first stopped before completing it', async () => {
    const dir = path.join(root, 'interrupted');
    expect(await prepareDataDir(dir, true, template)).toBe('seeded');
    expect(await prepareDataDir(dir, true, template)).toBe('seeded');
    seededCopyCompleted(dir);
    expect(await prepareDataDir(dir, true, template)).toBe('existing');
  });

  it('is not made again by a build whose migrations and seed did not change', async () => {
    expect(await writeTemplates(migrate, migrate, template)).toEqual([]);
  });
});
