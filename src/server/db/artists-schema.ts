import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { artists } from './community-schema.ts';
import { artworks, createdAt, users } from './schema.ts';

/**
 * Who painted what, and who is who (docs/decisions/049-artists.md). Kept apart from the
 * community's seeded artist cards, which these tables point at.
 */

/** A piece credited to an artist: proposed by a player, settled by players or by the artist. */
export const artistCredits = pgTable(
  'artist_credits',
  {
    id: text('id').primaryKey(),
    artworkId: text('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    // Null once the proposer deleted their account: the credit stays with its votes.
    proposedById: text('proposed_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['proposed', 'confirmed', 'disputed', 'rejected'] })
      .notNull()
      .default('proposed'),
    // Set when the verified artist confirmed or rejected it: players' votes no longer move it.
    settledByArtistAt: timestamp('settled_by_artist_at', { withTimezone: true }),
    // Set while players' reports or a moderator hide it: it names nobody meanwhile.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One credit per artist per piece: a second proposal is a confirmation.
    uniqueIndex('artist_credits_once_idx').on(t.artworkId, t.artistId),
    index('artist_credits_artist_idx').on(t.artistId, t.status),
    index('artist_credits_proposer_idx').on(t.proposedById),
    check(
      'artist_credits_status_check',
      sql`${t.status} in ('proposed', 'confirmed', 'disputed', 'rejected')`,
    ),
  ],
);

/** A player's "yes, that's them" or "no, it isn't": once per player per credit. */
export const artistCreditVotes = pgTable(
  'artist_credit_votes',
  {
    creditId: text('credit_id')
      .notNull()
      .references(() => artistCredits.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: ['confirm', 'dispute'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.creditId, t.userId] }),
    index('artist_credit_votes_user_idx').on(t.userId),
    check('artist_credit_votes_vote_check', sql`${t.vote} in ('confirm', 'dispute')`),
  ],
);

/** "This is me": a player's claim on an artist's profile, with evidence for staff to judge. */
export const artistClaims = pgTable(
  'artist_claims',
  {
    id: text('id').primaryKey(),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    evidenceKind: text('evidence_kind', { enum: ['link', 'photo'] }).notNull(),
    // An https link to an account the artist controls, or the URL of the photo they uploaded.
    evidenceUrl: text('evidence_url').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'verified', 'refused'] })
      .notNull()
      .default('pending'),
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One verified account per artist, and one artist per verified account.
    uniqueIndex('artist_claims_verified_artist_idx')
      .on(t.artistId)
      .where(sql`${t.status} = 'verified'`),
    uniqueIndex('artist_claims_verified_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'verified'`),
    // One open claim per player per artist.
    uniqueIndex('artist_claims_pending_idx')
      .on(t.artistId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('artist_claims_status_idx').on(t.status, t.createdAt),
    check('artist_claims_kind_check', sql`${t.evidenceKind} in ('link', 'photo')`),
    check('artist_claims_status_check', sql`${t.status} in ('pending', 'verified', 'refused')`),
  ],
);

/**
 * A verified artist's video (Pro): one on their profile (no artwork) and one per piece of
 * theirs, a YouTube or Vimeo id played privacy-enhanced on request.
 */
export const artistVideos = pgTable(
  'artist_videos',
  {
    id: text('id').primaryKey(),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    artworkId: text('artwork_id').references(() => artworks.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['youtube', 'vimeo'] }).notNull(),
    videoId: text('video_id').notNull(),
    addedById: text('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('artist_videos_profile_idx')
      .on(t.artistId)
      .where(sql`${t.artworkId} is null`),
    uniqueIndex('artist_videos_piece_idx')
      .on(t.artworkId)
      .where(sql`${t.artworkId} is not null`),
    index('artist_videos_added_by_idx').on(t.addedById),
    check('artist_videos_provider_check', sql`${t.provider} in ('youtube', 'vimeo')`),
  ],
);
