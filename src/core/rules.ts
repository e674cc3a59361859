/**
 * Game rules. The server is the only place these numbers are applied; the client imports them
 * for display only.
 */

export const REWARDS = {
  photographer: 50,
  artist: 150,
  graffiti: 150,
} as const;

export const PRO_MULTIPLIER = 2;

/** XP a single discovery adds to the leaderboard score (SPEC §9). */
export const DISCOVERY_XP = 15;

export const ARTIST_BADGE_MIN_DISCOVERIES = 6;

/** Mission completion: a discovery within this many metres of the target with the target's pin. */
export const MISSION_RADIUS_M = 100;

export type RewardKind = keyof typeof REWARDS;

export function rewardFor(kind: RewardKind, isPro: boolean): number {
  return REWARDS[kind] * (isPro ? PRO_MULTIPLIER : 1);
}

export function scoreOf(tokens: number, discoveries: number): number {
  return tokens + DISCOVERY_XP * discoveries;
}

/**
 * Level curve (docs/decisions/001-level-curve.md): level n starts at score 100·(n−1)².
 * Level 1 at 0, 2 at 100, 3 at 400, 4 at 900, 5 at 1,600 … each level costs a little more.
 */
export function levelForScore(score: number): number {
  if (!Number.isFinite(score) || score <= 0) return 1;
  return Math.floor(Math.sqrt(score / 100)) + 1;
}

export function scoreForLevel(level: number): number {
  return 100 * (Math.max(1, Math.floor(level)) - 1) ** 2;
}

export function hasArtistBadge(discoveries: number): boolean {
  return discoveries >= ARTIST_BADGE_MIN_DISCOVERIES;
}

/**
 * Artworks and their logs (docs/decisions/021-artworks-and-logs.md). A new piece earns SPEC's
 * REWARDS; finding a piece someone else logged first earns less, and its first finder gets a
 * bonus each time another player finds it for the first time. Every figure is doubled for Pro.
 */
export const ARTWORK_RULES = {
  /** A player's first find of an artwork another player logged first. */
  laterFindReward: 20,
  /** Paid to the first finder for each other player's first find. */
  firstFinderBonus: 5,
  /** Distinct players whose gone reports (since it was last seen) make an artwork gone. */
  goneReportsNeeded: 2,
  /** Artworks this close to a new photo are offered as "the same piece?". */
  matchRadiusM: 30,
  /** A log of an existing artwork must be pinned this close to it. */
  logRadiusM: 200,
  /** A photo whose camera position is further than this from its pin is flagged. */
  photoGpsFlagKm: 1,
  /** Logs implying faster travel than this between them are flagged. */
  maxTravelKmh: 300,
} as const;
