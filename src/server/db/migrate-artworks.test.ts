import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedOverRows } from '../../../test/migration-database.ts';
import { rowsOf } from './client.ts';

/**
 * Migration 0008 on a database that already holds discoveries (made before artworks existed):
 * each becomes an artwork of its own with one found log, and running the migration's SQL again
 * changes nothing. On PGlite, and on an empty Postgres database with TEST_DATABASE_URL.
 */

const target = migratedOverRows('artworks_and_logs', async (db) => {
  await db.execute(sql`
    insert into users (id, username, tokens, discoveries) values
      ('u1', 'ada', 200, 2), ('u2', 'bo', 150, 1)`);
  await db.execute(sql`
    insert into discoveries (id, user_id, kind, name, image_url, emoji_pin, user_role, latitude,
      longitude, address, tokens_awarded, artist_name, created_at) values
      ('d1', 'u1', 'discovery', 'Koala', '/objects/aaaaaaaaaaaa', 'location', 'photographer',
        -27.47, 153.02, '-27.470000,153.020000', 50, null, '2026-01-02T03:04:05Z'),
      ('d2', 'u1', 'graffiti', 'Wave', null, 'location', 'photographer',
        -27.48, 153.03, '-27.480000,153.030000', 150, 'Unknown', '2026-02-03T23:30:00Z'),
      ('d3', 'u2', 'discovery', 'Fish', null, 'hot_spot', 'artist',
        -27.49, 153.04, '-27.490000,153.040000', 150, null, '2026-03-04T05:06:07Z')`);
});

const snapshot = async () => ({
  artworks: rowsOf(
    await target.db().execute(sql`
      select id, title, artist_name, emoji_pin, latitude, longitude, status, first_finder_id,
             cover_image_url, last_seen_at::text as last_seen, created_at::text as created
      from artworks order by id`),
  ),
  discoveries: rowsOf(
    await target.db().execute(sql`select id, artwork_id from discoveries order by id`),
  ),
  logs: rowsOf(
    await target.db().execute(sql`
      select id, artwork_id, user_id, kind, discovery_id, image_url, log_day::text as day,
             tokens_awarded, flag_reason
      from artwork_logs order by id`),
  ),
  users: rowsOf(
    await target.db().execute(sql`
      select id, tokens, discoveries, first_finds from users order by id`),
  ),
});

describe(
  'migration 0008 (artworks and logs) on a database with old discoveries',
  { tags: ['migrations'] },
  () => {
    it('makes each discovery an artwork of its own, with one found log', async () => {
      const now = await snapshot();
      expect(now.artworks).toEqual([
        expect.objectContaining({
          id: 'd1',
          title: 'Koala',
          emoji_pin: 'location',
          status: 'present',
          first_finder_id: 'u1',
          cover_image_url: '/objects/aaaaaaaaaaaa',
        }),
        expect.objectContaining({ id: 'd2', title: 'Wave', artist_name: 'Unknown' }),
        expect.objectContaining({ id: 'd3', title: 'Fish', emoji_pin: 'hot_spot' }),
      ]);
      expect(now.discoveries).toEqual([
        { id: 'd1', artwork_id: 'd1' },
        { id: 'd2', artwork_id: 'd2' },
        { id: 'd3', artwork_id: 'd3' },
      ]);
      expect(now.logs).toEqual([
        expect.objectContaining({
          id: 'found-d1',
          kind: 'found',
          discovery_id: 'd1',
          day: '2026-01-02',
          tokens_awarded: 50,
        }),
        expect.objectContaining({
          id: 'found-d2',
          artwork_id: 'd2',
          day: '2026-02-03',
          flag_reason: null,
        }),
        expect.objectContaining({ id: 'found-d3', user_id: 'u2', tokens_awarded: 150 }),
      ]);
      expect(now.users).toEqual([
        { id: 'u1', tokens: 200, discoveries: 2, first_finds: 2 },
        { id: 'u2', tokens: 150, discoveries: 1, first_finds: 1 },
      ]);
    });

    it('changes nothing when its SQL runs again', async () => {
      const first = await snapshot();
      await target.runAgain();
      expect(await snapshot()).toEqual(first);
    });
  },
);
