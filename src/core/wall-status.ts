/**
 * Where a legal wall stands (docs/decisions/026-walls-reports-moderation.md): proposed by a
 * player and not yet confirmed, confirmed (or curated from a source), reported by several
 * players, or closed by a moderator.
 */
export const WALL_STATUSES = ['unverified', 'verified', 'disputed', 'closed'] as const;
export type WallStatus = (typeof WALL_STATUSES)[number];

/** What a player who visited can say is wrong with a wall. */
export const WALL_REPORT_REASONS = ['closed', 'not_legal', 'private_property', 'gone'] as const;
export type WallReportReason = (typeof WALL_REPORT_REASONS)[number];

/** Confirmations from this many distinct established players (not the proposer) verify a wall. */
export const CONFIRMATIONS_TO_VERIFY = 3;
/** Open reports from this many distinct players dispute a wall until a moderator looks at it. */
export const REPORTS_TO_DISPUTE = 2;
/** A documented discovery this close to a wall counts as a visit to it. */
export const VISIT_RADIUS_METRES = 200;
/** A proposal this close to a wall that is not closed is the same wall. */
export const PROPOSAL_MIN_METRES = 50;
/** How far back a "painted here on" date may be. */
export const CONFIRMATION_MAX_AGE_DAYS = 365;

export const WALL_REPORT_LABELS: Record<WallReportReason, string> = {
  closed: 'Closed',
  not_legal: 'Not legal to paint',
  private_property: 'Private property',
  gone: 'Gone',
};
