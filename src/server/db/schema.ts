import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../core/roles.ts';
import { WALL_STATUSES } from '../../core/wall-status.ts';

/** When a row was made; every table file uses it. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Where an imported artwork or wall comes from (docs/decisions/023-open-data-connectors.md):
 * the registry's source id and the record's id there, which make a re-import idempotent.
 */
const openDataColumns = () => ({
  sourceId: text('source_id'),
  sourceRecordId: text('source_record_id'),
  sourceUrl: text('source_url'),
  licence: text('licence'),
  attribution: text('attribution'),
  // Set when the source stopped listing the record; cleared when it lists it again.
  notInSourceSince: timestamp('not_in_source_since', { withTimezone: true }),
  // The source gave 3 decimals or fewer (~100 m): the pin is approximate.
  lowPrecision: boolean('low_precision').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    profileImageUrl: text('profile_image_url'),
    tokens: integer('tokens').notNull().default(0),
    discoveries: integer('discoveries').notNull().default(0),
    // Artworks this player was the first to log (docs/decisions/021-artworks-and-logs.md).
    firstFinds: integer('first_finds').notNull().default(0),
    // SPEC §9 leaderboard score, kept by Postgres so it can be indexed.
    score: integer('score')
      .notNull()
      .generatedAlwaysAs(sql`tokens + 15 * discoveries`),
    createdAt: createdAt(),
    // Granted only by `npm run admin` (docs/decisions/025-roles-and-audit-log.md).
    role: text('role', { enum: ROLES }).notNull().default('player'),
    // Until then the player can read but not write (a moderator's suspension).
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    // Picture and username hidden after reports, until a moderator reviews them.
    profileHiddenAt: timestamp('profile_hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_score_idx').on(t.score.desc(), t.createdAt, t.id),
    check('users_role_check', sql`${t.role} in ('player', 'moderator', 'admin')`),
  ],
);

export const objects = pgTable(
  'objects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    // The processed photo: display rendition size, its thumbnail and its perceptual hash.
    width: integer('width'),
    height: integer('height'),
    thumbSize: integer('thumb_size'),
    photoHash: bigint('photo_hash', { mode: 'bigint' }),
    // Perceptual hash for "is this the same artwork?" (docs/decisions/020).
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }),
    // Where the camera says the photo was taken: kept for fair-play checks, never served.
    gpsLatitude: doublePrecision('gps_latitude'),
    gpsLongitude: doublePrecision('gps_longitude'),
    createdAt: createdAt(),
  },
  (t) => [index('objects_owner_idx').on(t.ownerId)],
);

/**
 * One piece of art at one place, shared by every player who logs it (docs/decisions/021).
 * Its first found log created it; status follows gone reports and later finds.
 */
export const artworks = pgTable(
  'artworks',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    // The first finder's words about the piece (later finders' notes stay in their logs).
    description: text('description').notNull().default(''),
    artistName: text('artist_name'),
    emojiPin: text('emoji_pin').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    status: text('status', { enum: ['present', 'gone'] })
      .notNull()
      .default('present'),
    firstFinderId: text('first_finder_id').references(() => users.id, { onDelete: 'set null' }),
    coverImageUrl: text('cover_image_url'),
    // The newest found log: "last seen 3 days ago".
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // The newer piece painted over this one.
    paintedOverById: text('painted_over_by_id').references((): AnyPgColumn => artworks.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    // Facts an open-data source gives (players' artworks leave them null).
    year: integer('year'),
    address: text('address'),
    ...openDataColumns(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('artworks_lat_lng_idx').on(t.latitude, t.longitude),
    index('artworks_last_seen_idx').on(t.lastSeenAt.desc()),
    uniqueIndex('artworks_source_record_idx')
      .on(t.sourceId, t.sourceRecordId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

export const uploadTokens = pgTable(
  'upload_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    // The object this upload creates, so its URL is known before the bytes arrive.
    objectId: text('object_id').notNull().unique(),
    maxBytes: integer('max_bytes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // When the uploaded bytes were checked and processed: the link's single use is spent.
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('upload_tokens_user_idx').on(t.userId)],
);

export const discoveries = pgTable(
  'discoveries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['discovery', 'graffiti'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    emojiPin: text('emoji_pin').notNull(),
    userRole: text('user_role', { enum: ['photographer', 'artist'] }).notNull(),
    isFreshArt: boolean('is_fresh_art').notNull().default(false),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull(),
    tokensAwarded: integer('tokens_awarded').notNull(),
    artistName: text('artist_name'),
    artType: text('art_type'),
    metadata: jsonb('metadata'),
    // The artwork this discovery is a found log of.
    artworkId: text('artwork_id').references(() => artworks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('discoveries_lat_lng_idx').on(t.latitude, t.longitude),
    index('discoveries_artwork_idx').on(t.artworkId, t.createdAt.desc()),
    index('discoveries_user_created_idx').on(t.userId, t.createdAt.desc()),
    // One photo, one record (and one reward), whatever the timing of the requests.
    uniqueIndex('discoveries_image_url_idx')
      .on(t.imageUrl)
      .where(sql`${t.imageUrl} is not null`),
  ],
);

/**
 * What players say of an artwork: found (with the discovery that carries the photo), gone, or
 * painted over by a newer piece. One log of each kind per player per artwork per UTC day, held
 * by artwork_logs_daily_idx. A flagged log pays nothing until reviewed.
 */
export const artworkLogs = pgTable(
  'artwork_logs',
  {
    id: text('id').primaryKey(),
    artworkId: text('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['found', 'gone', 'painted_over'] }).notNull(),
    discoveryId: text('discovery_id').references(() => discoveries.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url'),
    // The photo's perceptual hash, copied here so matching reads one table.
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    paintedOverById: text('painted_over_by_id').references(() => artworks.id, {
      onDelete: 'set null',
    }),
    logDay: date('log_day').notNull(),
    tokensAwarded: integer('tokens_awarded').notNull().default(0),
    flagReason: text('flag_reason', { enum: ['photo_far_from_pin', 'impossible_travel'] }),
    // awaiting_photo: a find without a photo, recorded but unpaid until one is added.
    reviewStatus: text('review_status', {
      enum: ['pending', 'approved', 'rejected', 'awaiting_photo'],
    }),
    createdAt: createdAt(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('artwork_logs_daily_idx').on(t.artworkId, t.userId, t.kind, t.logDay),
    index('artwork_logs_artwork_idx').on(t.artworkId, t.createdAt.desc()),
    index('artwork_logs_user_idx').on(t.userId, t.createdAt.desc()),
    index('artwork_logs_review_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewStatus} = 'pending'`),
  ],
);

export const markers = pgTable(
  'markers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    emojiPin: text('emoji_pin').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('markers_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const profileArtworks = pgTable(
  'profile_artworks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    artType: text('art_type', { enum: ['graffiti', 'digital', 'photo', 'sketch'] }).notNull(),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('profile_artworks_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/** Text as the wall search compares it: lower case, accents dropped ('São' finds 'sao'). */
export const foldText = (text: SQL) =>
  sql`lower(regexp_replace(normalize(${text}, NFD), '[\\u0300-\\u036f]', '', 'g'))`;

export const legalWalls = pgTable(
  'legal_walls',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    hours: text('hours').notNull(),
    permitRequired: boolean('permit_required').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    source: text('source').notNull(),
    ...openDataColumns(),
    // Curated and imported walls start verified, a player's proposal unverified
    // (docs/decisions/026-walls-reports-moderation.md).
    status: text('status', { enum: WALL_STATUSES }).notNull().default('verified'),
    proposedById: text('proposed_by_id').references(() => users.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    permitRules: text('permit_rules'),
    lastConfirmedAt: timestamp('last_confirmed_at', { withTimezone: true }),
    // The year the source listed the wall, shown while nobody has confirmed it since.
    listedYear: integer('listed_year'),
    createdAt: createdAt(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    // Name and city folded for the list's search; the line break keeps a match inside one.
    searchText: text('search_text').generatedAlwaysAs((): SQL =>
      foldText(sql`${legalWalls.name} || chr(10) || ${legalWalls.city}`),
    ),
  },
  (t) => [
    check(
      'legal_walls_status_check',
      sql`${t.status} in ('unverified', 'verified', 'disputed', 'closed')`,
    ),
    index('legal_walls_lat_lng_idx').on(t.latitude, t.longitude),
    index('legal_walls_name_idx').on(t.name),
    // The list's order, open walls only: a page is a short range of this index.
    index('legal_walls_open_by_name_idx')
      .on(sql`lower(${t.name})`, t.name, t.id)
      .where(sql`${t.hiddenAt} is null and ${t.status} <> 'closed'`),
    uniqueIndex('legal_walls_source_record_idx')
      .on(t.sourceId, t.sourceRecordId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

/**
 * How many walls the list holds (open: not hidden, not closed), one row kept by statement
 * triggers on legal_walls (migration 0020), so the list's total never counts every wall.
 */
export const legalWallTotals = pgTable(
  'legal_wall_totals',
  {
    id: boolean('id').primaryKey().default(true),
    openWalls: integer('open_walls').notNull(),
  },
  (t) => [check('legal_wall_totals_one_row', sql`${t.id}`)],
);

/**
 * The app processes running on this database and where each keeps photos, so a process whose
 * photos the others could not see refuses to start (src/server/process/instances.ts).
 */
export const appInstances = pgTable('app_instances', {
  id: text('id').primaryKey(),
  /** `s3:<endpoint>/<bucket>` or `local:<objects directory>@<host>`. */
  storage: text('storage').notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's Idempotency-Key and the answer its first request got, kept 24 hours: a retried
 * create is answered from here instead of creating again (docs/decisions/031).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // SHA-256 of the method, the path and the body: the same key for another request is refused.
    fingerprint: text('fingerprint').notNull(),
    // Which run holds the key: a run that lost it (taken over after its lease) stores nothing.
    claim: text('claim').notNull(),
    state: text('state', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('running', 'done')`),
  ],
);
