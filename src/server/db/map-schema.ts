import { doublePrecision, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The map's cluster pyramid (docs/decisions/029-map-clusters.md): per grid level, per cell and
 * per status, how many visible artworks lie there and the sums of their coordinates, so a
 * cluster sits at its members' mean. Triggers on artworks keep it; the migration defines them
 * and `rebuild_artwork_cells()`. Kept apart from schema.ts, which holds the game's own tables.
 */
export const artworkCells = pgTable(
  'artwork_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    status: text('status', { enum: ['present', 'gone'] }).notNull(),
    pieces: integer('pieces').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.cx, t.cy, t.status] })],
);
