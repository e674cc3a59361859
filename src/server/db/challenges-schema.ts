import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CHALLENGE_KINDS, CHALLENGE_LIMITS, HOME_RADIUS_M } from '../../core/challenges.ts';
import { createdAt, users } from './schema.ts';

/**
 * Weekly challenges, area leaderboards and the players' hidden home areas
 * (docs/decisions/045-challenges-and-privacy.md).
 */

/**
 * A city or a part of one, a circle on the map, with the IANA time zone its weeks are told in:
 * a week runs from Monday 00:00 to the next Monday 00:00 on that zone's clocks.
 */
export const challengeAreas = pgTable(
  'challenge_areas',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusKm: doublePrecision('radius_km').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('challenge_areas_name_idx').on(sql`lower(${t.name})`, sql`lower(${t.city})`),
    check(
      'challenge_areas_radius_check',
      sql`${t.radiusKm} between ${sql.raw(String(CHALLENGE_LIMITS.radiusKm.min))} and ${sql.raw(String(CHALLENGE_LIMITS.radiusKm.max))}`,
    ),
  ],
);

/**
 * A goal set by staff for an area: find `goal` pieces, or confirm `goal` walls, inside it in
 * one week. It runs every week from firstWeek to lastWeek (a Monday each; no lastWeek: every
 * week from then on).
 */
export const challenges = pgTable(
  'challenges',
  {
    id: text('id').primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => challengeAreas.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHALLENGE_KINDS }).notNull(),
    goal: integer('goal').notNull(),
    rewardTokens: integer('reward_tokens').notNull(),
    firstWeek: date('first_week').notNull(),
    lastWeek: date('last_week'),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('challenges_area_idx').on(t.areaId),
    check('challenges_kind_check', sql`${t.kind} in ('find', 'confirm')`),
    check(
      'challenges_goal_check',
      sql`${t.goal} between 1 and ${sql.raw(String(CHALLENGE_LIMITS.goal.max))}`,
    ),
    check(
      'challenges_reward_check',
      sql`${t.rewardTokens} between 0 and ${sql.raw(String(CHALLENGE_LIMITS.rewardTokens.max))}`,
    ),
    check(
      'challenges_weeks_check',
      sql`extract(isodow from ${t.firstWeek}) = 1 and (${t.lastWeek} is null
        or (extract(isodow from ${t.lastWeek}) = 1 and ${t.lastWeek} >= ${t.firstWeek}))`,
    ),
  ],
);

/** A reward paid: one row per challenge, week and player, so it is paid once whatever the timing. */
export const challengeCompletions = pgTable(
  'challenge_completions',
  {
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokens: integer('tokens').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.week, t.userId] }),
    index('challenge_completions_user_idx').on(t.userId),
  ],
);

/** An area's week whose leaderboard was kept once the week was over (its rows below). */
export const areaWeeksClosed = pgTable(
  'area_weeks_closed',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => challengeAreas.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    closedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.week] })],
);

/** A closed week's standings: each player's finds and when they reached that count. */
export const areaWeekResults = pgTable(
  'area_week_results',
  {
    areaId: text('area_id').notNull(),
    week: date('week').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    finds: integer('finds').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.week, t.userId] }),
    index('area_week_results_rank_idx').on(t.areaId, t.week, t.finds.desc(), t.reachedAt),
    // Results belong to a closed week: they go when it does.
    foreignKey({
      name: 'area_week_results_week_fk',
      columns: [t.areaId, t.week],
      foreignColumns: [areaWeeksClosed.areaId, areaWeeksClosed.week],
    }).onDelete('cascade'),
  ],
);

/**
 * A player's hidden home: everything they log within radiusM of this point is shown to nobody
 * else (services/privacy.ts).
 */
export const playerPrivacy = pgTable(
  'player_privacy',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusM: integer('radius_m').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'player_privacy_radius_check',
      sql`${t.radiusM} between ${sql.raw(String(HOME_RADIUS_M.min))} and ${sql.raw(String(HOME_RADIUS_M.max))}`,
    ),
    check(
      'player_privacy_point_check',
      sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);
