import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago.ts';

describe('formatTimeAgo', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const ago = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

  it('reads today, yesterday, days, months and years', () => {
    expect([0.2, 1.5, 3, 40, 400, 1100].map((d) => formatTimeAgo(ago(d), now))).toEqual([
      'today',
      'yesterday',
      '3 days ago',
      '1 month ago',
      '1 year ago',
      '3 years ago',
    ]);
  });

  it('reads a clock ahead as today and a broken date as nothing', () => {
    expect(formatTimeAgo(ago(-2), now)).toBe('today');
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
});
