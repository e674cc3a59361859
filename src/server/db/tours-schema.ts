import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { artworks, createdAt, foldText, legalWalls, users } from './schema.ts';

/**
 * A walking tour (docs/decisions/044-walking-tours.md): seeded ones have no author; a player's
 * or a staff member's goes with their account.
 */
export const tours = pgTable(
  'tours',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    city: text('city').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('tours_city_idx').on(foldText(sql`${t.city}`)),
    index('tours_author_idx').on(t.authorId),
  ],
);

/**
 * A tour's stops in walking order (position 0 first), each one artwork or one legal wall, each
 * at most once per tour. A stop goes with the artwork or wall it visits.
 */
export const tourStops = pgTable(
  'tour_stops',
  {
    tourId: text('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    artworkId: text('artwork_id').references(() => artworks.id, { onDelete: 'cascade' }),
    wallId: text('wall_id').references(() => legalWalls.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.position] }),
    uniqueIndex('tour_stops_artwork_once_idx').on(t.tourId, t.artworkId),
    uniqueIndex('tour_stops_wall_once_idx').on(t.tourId, t.wallId),
    index('tour_stops_artwork_idx').on(t.artworkId),
    index('tour_stops_wall_idx').on(t.wallId),
    check('tour_stops_one_place_check', sql`num_nonnulls(${t.artworkId}, ${t.wallId}) = 1`),
    check('tour_stops_position_check', sql`${t.position} >= 0`),
  ],
);
