/**
 * Weekly challenges and the hidden home area: their kinds, limits and wording
 * (docs/decisions/045-challenges-and-privacy.md).
 */

/** Find pieces (counted finds of artworks) or confirm walls, inside the area in one week. */
export const CHALLENGE_KINDS = ['find', 'confirm'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

/** What staff may set. */
export const CHALLENGE_LIMITS = {
  goal: { max: 100 },
  rewardTokens: { max: 1000 },
  radiusKm: { min: 0.2, max: 50 },
  name: { max: 60 },
} as const;

/** The players an area leaderboard lists before the viewer's own row. */
export const AREA_LEADERBOARD_TOP = 10;

/** A hidden home's radius in metres: a street at least, a district at most. */
export const HOME_RADIUS_M = { min: 100, max: 2000, step: 100 } as const;

/** Others see a log this recent with its day only, never its time. */
export const RECENT_LOG_HOURS = 24;

const nouns: Record<ChallengeKind, [verb: string, one: string, many: string]> = {
  find: ['Find', 'piece', 'pieces'],
  confirm: ['Confirm', 'wall', 'walls'],
};

/** 'Find 5 pieces in Fitzroy this week', 'Confirm 1 wall in Canberra this week'. */
export function challengeTitle(kind: ChallengeKind, goal: number, areaName: string): string {
  const [verb, one, many] = nouns[kind];
  return `${verb} ${goal} ${goal === 1 ? one : many} in ${areaName} this week`;
}

/**
 * An IANA time zone name as the runtime spells it ('australia/melbourne' → 'Australia/Melbourne'),
 * or null when it is not one. Abbreviations and offsets ('EST', '+10:00') are refused: their
 * clocks do not follow a place's summer time.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone.includes('/') && zone.toUpperCase() !== 'UTC') return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
