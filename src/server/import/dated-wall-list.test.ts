import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database, Db } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';
import { importSource, readListing } from './run-import.ts';

/**
 * A list dated to one year (the ACT Government's 2016 legal graffiti sites): its walls come in
 * unverified and keep the year, until players confirm them (decision 026).
 */
describe('importing a dated list of legal walls', () => {
  let database: Database;
  let db: Db;
  const SOURCE = 'act-graffiti-sites-2016';
  const run = async () =>
    importSource(
      db,
      SOURCE,
      await readListing(SOURCE, 'test/fixtures/open-data/socrata-dated-walls.csv'),
    );
  const wall = async (record: string) =>
    (await db.select().from(legalWalls).where(eq(legalWalls.sourceRecordId, record)))[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('adds each wall unverified with the list year, fixing and reporting the faults', async () => {
    const report = await run();
    expect(report.added.map((a) => a.title)).toEqual([
      'Example Rd Underpass',
      'Sample Oval Toilet Block',
    ]);
    expect(report.refused).toEqual([expect.objectContaining({ reason: 'no geometry' })]);
    expect(report.fixed.map((f) => f.fault)).toContain('latitude and longitude swapped: put right');
    expect(await wall('900001')).toMatchObject({
      status: 'unverified',
      listedYear: 2016,
      city: 'Canberra',
      country: 'Australia',
      address: 'Testville',
      licence: 'CC BY 4.0',
      attribution: 'ACT Government, Graffiti Sites (CC BY 4.0)',
    });
    expect(await wall('900002')).toMatchObject({ latitude: -35.3002, longitude: 149.1502 });
  });

  it('changes nothing on a second run, and never undoes what players confirmed', async () => {
    const confirmed = new Date('2026-10-02T09:00:00Z');
    await db
      .update(legalWalls)
      .set({ status: 'verified', lastConfirmedAt: confirmed })
      .where(eq(legalWalls.sourceRecordId, '900001'));
    const again = await run();
    expect([again.added.length, again.updated.length]).toEqual([0, 0]);
    expect(again.unchanged).toHaveLength(2);
    expect(await wall('900001')).toMatchObject({
      status: 'verified',
      lastConfirmedAt: confirmed,
      listedYear: 2016,
    });
  });
});
