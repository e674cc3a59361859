import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedOverRows } from '../../../test/migration-database.ts';
import { rowsOf } from './client.ts';

/**
 * Migration 0022 (artwork descriptions) on a database that already holds artworks and their
 * finds: each player's artwork takes the words of its first finder's earliest find that has
 * any; another player's words, an imported piece and a piece nobody described stay without.
 * On PGlite, and on an empty Postgres database with TEST_DATABASE_URL.
 */

const target = migratedOverRows('artwork_description', async (db) => {
  await db.execute(sql`
    insert into users (id, username) values ('u1', 'ada'), ('u2', 'bo')`);
  await db.execute(sql`
    insert into artworks (id, title, emoji_pin, latitude, longitude, first_finder_id,
      source_id, source_record_id, created_at) values
      ('koala', 'Koala', 'location', -27.47, 153.02, 'u1', null, null, '2026-01-01T00:00:00Z'),
      ('wave', 'Wave', 'location', -27.48, 153.03, 'u2', null, null, '2026-01-01T00:00:00Z'),
      ('fish', 'Fish', 'location', -27.49, 153.04, 'u1', null, null, '2026-01-01T00:00:00Z'),
      ('mural', 'Council mural', 'location', -27.5, 153.05, null, 'bcc', '7',
        '2026-01-01T00:00:00Z')`);
  // Ada pinned the koala without words and described it on later visits; on Bo's wave Ada's
  // words are older, but Bo found it first; nobody wrote about the fish; the mural is
  // imported, described only by a player's find.
  await db.execute(sql`
    insert into discoveries (id, user_id, kind, name, description, emoji_pin, user_role,
      latitude, longitude, address, tokens_awarded, artwork_id, created_at) values
      ('d1', 'u1', 'discovery', 'Koala', '', 'location', 'photographer', -27.47, 153.02,
        '-27.470000,153.020000', 50, 'koala', '2026-01-02T00:00:00Z'),
      ('d2', 'u1', 'discovery', 'Koala', 'Cap is blue now', 'location', 'photographer',
        -27.47, 153.02, '-27.470000,153.020000', 0, 'koala', '2026-01-05T00:00:00Z'),
      ('d3', 'u1', 'discovery', 'Koala', 'Later words', 'location', 'photographer',
        -27.47, 153.02, '-27.470000,153.020000', 0, 'koala', '2026-01-09T00:00:00Z'),
      ('d4', 'u1', 'graffiti', 'Wave', 'Ada on the wave', 'location', 'photographer',
        -27.48, 153.03, '-27.480000,153.030000', 20, 'wave', '2026-01-01T12:00:00Z'),
      ('d5', 'u2', 'graffiti', 'Wave', 'Bo''s wave, 3 m long', 'location', 'photographer',
        -27.48, 153.03, '-27.480000,153.030000', 150, 'wave', '2026-01-03T00:00:00Z'),
      ('d6', 'u1', 'discovery', 'Fish', '', 'hot_spot', 'artist', -27.49, 153.04,
        '-27.490000,153.040000', 150, 'fish', '2026-01-02T00:00:00Z'),
      ('d7', 'u2', 'discovery', 'Council mural', 'Faded', 'location', 'photographer',
        -27.5, 153.05, '-27.500000,153.050000', 20, 'mural', '2026-01-02T00:00:00Z')`);
});

const descriptions = async () =>
  rowsOf<{ id: string; description: string }>(
    await target.db().execute(sql`select id, description from artworks order by id`),
  );

describe('migration 0022 (artwork descriptions)', { tags: ['migrations'] }, () => {
  it("gives each player's artwork its first finder's earliest words", async () => {
    expect(await descriptions()).toEqual([
      { id: 'fish', description: '' },
      { id: 'koala', description: 'Cap is blue now' },
      { id: 'mural', description: '' },
      { id: 'wave', description: "Bo's wave, 3 m long" },
    ]);
  });

  it('changes nothing when its backfill runs again', async () => {
    const first = await descriptions();
    // Every statement but the column's creation, which runs once.
    await target.runAgain(1);
    expect(await descriptions()).toEqual(first);
  });
});
