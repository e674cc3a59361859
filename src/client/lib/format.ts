/**
 * Display formats for dates and numbers. One fixed locale (British English day-month order,
 * as used in Australia) so every player and every test reads the same text.
 */
const LOCALE = 'en-GB';

const monthYear = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric' });
const dayMonthYear = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
// In UTC, as the server words its own messages ("suspended until 3 December 2026").
const longDate = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** SPEC §2 Profile: 'Joined March 2026', or 'Joined Recently' when the date is unknown. */
export function formatJoined(createdAt: string | null | undefined): string {
  const date = toDate(createdAt);
  return `Joined ${date ? monthYear.format(date) : 'Recently'}`;
}

/** '12 Dec 2026'; an empty string for a missing or broken date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dayMonthYear.format(date) : '';
}

/** '3 December 2026' (the UTC day); an empty string for a missing or broken date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? longDate.format(date) : '';
}

/** '3 Dec 2026, 14:05' in the player's own time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : '';
}

/**
 * SPEC §2 Community events: 'Ends 12 Dec 2026' or 'No end date'. An ended event reads
 * 'Ended 12 Dec 2026' (its end date is in the past; 'Ends' would read as still running).
 */
export function formatEventEnd(endDate: string | null, ended = false): string {
  const date = toDate(endDate);
  if (!date) return 'No end date';
  return `${ended ? 'Ended' : 'Ends'} ${dayMonthYear.format(date)}`;
}

/** 1230 → '1,230'. */
export function formatNumber(value: number): string {
  return integer.format(value);
}

/** SPEC §2 leaderboard score: '1,230 XP'. */
export function formatXp(value: number): string {
  return `${integer.format(value)} XP`;
}

/** '1 view', '12 views', '1 reply', '3 replies': counts with their noun. */
export function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** The first letter of a name for an avatar circle ('?' for an empty one). */
export function initial(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}

/** Bytes as '5 MB' (SPEC §5 limits are exact mebibytes). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
}

const clock = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' });

/** A time of day on the player's clock, 24-hour: '14:02'. */
export const formatClock = (at: number): string => clock.format(at);
