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
