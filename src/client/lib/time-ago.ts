/** The same fixed locale as lib/format.ts, so every player and every test reads the same text. */
const days = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const longer = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });

const DAY_MS = 86_400_000;

/**
 * How long ago, in calendar-free whole units: 'today', 'yesterday', '3 days ago', '2 months
 * ago', '4 years ago' ("Last seen 3 days ago"). A time ahead of the clock reads 'today'.
 */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS));
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < 31) return days.format(-elapsed, 'day');
  if (elapsed < 365) return longer.format(-Math.floor(elapsed / 30.44), 'month');
  return longer.format(-Math.floor(elapsed / 365.25), 'year');
}
