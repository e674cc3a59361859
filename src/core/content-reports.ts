/**
 * What a player can report and why (docs/decisions/026-walls-reports-moderation.md). A
 * `discovery` is a photo a player logged, `gallery_art` a photo on a profile, `profile` a
 * player's picture and username, a `tour` a walking tour (docs/decisions/044); an `artist`
 * page, an `artist_claim` (a verified account's claim on it) and an `artist_credit` (a piece
 * credited to an artist) are decision 049's.
 */
export const REPORT_TARGETS = [
  'discovery',
  'artwork',
  'artwork_log',
  'forum_post',
  'wall',
  'profile',
  'gallery_art',
  'tour',
  'artist',
  'artist_claim',
  'artist_credit',
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = [
  'abusive',
  'sexual',
  'personal_info',
  'spam',
  'not_street_art',
  'copyright',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Reports from this many distinct established players hide the content until a moderator
 * reviews it; new accounts' reports only queue it, and content of staff is never hidden.
 */
export const HIDE_AFTER_REPORTS = 2;

/** The longest note a reporter may add. */
export const REPORT_NOTE_MAX = 500;

/** What each target is called in messages: "Report this post", "You cannot report your own photo". */
export const REPORT_TARGET_NAMES: Record<ReportTarget, string> = {
  discovery: 'photo',
  artwork: 'artwork',
  artwork_log: 'log',
  forum_post: 'post',
  wall: 'wall',
  profile: 'player',
  gallery_art: 'gallery piece',
  tour: 'tour',
  artist: 'artist page',
  artist_claim: 'verification',
  artist_credit: 'credit',
};

/** The name a hidden profile shows wherever usernames appear; its picture is left out. */
export const HIDDEN_PLAYER = 'Hidden player';

/**
 * What GET /api/artworks/:id answers (404) a player who reported an artwork that is now hidden,
 * instead of "not found": whether it waits for a moderator or a moderator took it down.
 */
export const HIDDEN_AFTER_YOUR_REPORT = {
  waiting: 'You reported this piece and it is hidden until a moderator reviews it.',
  removed: 'You reported this piece and a moderator took it down.',
} as const;

/** The same for a walking tour a player's report hid (docs/decisions/044). */
export const TOUR_HIDDEN_AFTER_YOUR_REPORT = {
  waiting: 'You reported this tour: it is hidden while it is reviewed.',
  removed: 'You reported this tour and a moderator took it down.',
} as const;

/** The same for an artist page a player's report hid (docs/decisions/049). */
export const ARTIST_HIDDEN_AFTER_YOUR_REPORT = {
  waiting: 'You reported this artist page: it is hidden while it is reviewed.',
  removed: 'You reported this artist page and a moderator took it down.',
} as const;
