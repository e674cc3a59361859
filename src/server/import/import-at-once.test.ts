import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database } from '../db/client.ts';
import { artworks, legalWalls } from '../db/schema.ts';
import { importWalls } from './import-walls.ts';
import { importSource, readListing } from './run-import.ts';
import { readWallFile } from './wall-sources.ts';

/**
 * Imports of the same file at once (two operators, a retried cron job): each record is stored
 * once, held by the primary key and the (source, record id) index, and every run finishes.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const RUNS = 50;

describe('50 imports of the same file at once', () => {
  it('store each wall once; exactly one run adds it', { tags: ['concurrency'] }, async () => {
    const header = 'id,name,city,country,latitude,longitude,source';
    const rows = Array.from(
      { length: 20 },
      (_, i) => `once-${i},Wall ${i},Hobart,Australia,-42.${80 + i},147.3,https://example.org/${i}`,
    );
    const text = [header, ...rows].join('\n');
    const reports = await Promise.all(
      Array.from({ length: RUNS }, () => importWalls(database.db, readWallFile('once.csv', text))),
    );
    const stored = await database.db
      .select({ n: count() })
      .from(legalWalls)
      .where(like(legalWalls.id, 'once-%'));
    expect(stored[0]!.n).toBe(20);
    expect(reports.flatMap((r) => r.added.map((a) => a.id)).sort()).toEqual(
      rows.map((r) => r.split(',')[0]).sort(),
    );
    for (const r of reports) {
      expect(r.added.length + r.unchanged.length + r.skipped.length + r.updated.length).toBe(20);
    }
  });

  it(
    'store each open-data record once; exactly one run adds it',
    { tags: ['concurrency'] },
    async () => {
      const listing = await readListing('montreal-murales', 'test/fixtures/open-data/ckan.csv');
      const reports = await Promise.all(
        Array.from({ length: RUNS }, () => importSource(database.db, 'montreal-murales', listing)),
      );
      const stored = await database.db
        .select({ n: count() })
        .from(artworks)
        .where(like(artworks.id, 'art-montreal-murales-%'));
      expect(stored[0]!.n).toBe(2);
      expect(reports.flatMap((r) => r.added.map((a) => a.id)).sort()).toEqual([
        'art-montreal-murales-1',
        'art-montreal-murales-40',
      ]);
    },
  );
});
