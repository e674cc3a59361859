import { describe, expect, it } from 'vitest';
import {
  ARTIST_BADGE_MIN_DISCOVERIES,
  DISCOVERY_XP,
  MISSION_RADIUS_M,
  PRO_MULTIPLIER,
  REWARDS,
  hasArtistBadge,
  levelForScore,
  rewardFor,
  scoreForLevel,
  scoreOf,
} from './rules.ts';

describe('rewards (SPEC §6, §9)', () => {
  it('pays 50 to a photographer, 150 to an artist and 150 for a graffiti upload', () => {
    expect(REWARDS).toEqual({ photographer: 50, artist: 150, graffiti: 150 });
    expect(rewardFor('photographer', false)).toBe(50);
    expect(rewardFor('artist', false)).toBe(150);
    expect(rewardFor('graffiti', false)).toBe(150);
  });

  it('doubles every reward for Pro (2x Token Earnings)', () => {
    expect(PRO_MULTIPLIER).toBe(2);
    expect(rewardFor('photographer', true)).toBe(100);
    expect(rewardFor('artist', true)).toBe(300);
    expect(rewardFor('graffiti', true)).toBe(300);
  });

  it('completes missions within 100 m', () => {
    expect(MISSION_RADIUS_M).toBe(100);
  });
});

describe('score (SPEC §9: tokens + 15 x discoveries)', () => {
  it('adds 15 per discovery to the tokens', () => {
    expect(DISCOVERY_XP).toBe(15);
    expect(scoreOf(0, 0)).toBe(0);
    expect(scoreOf(150, 1)).toBe(165);
    expect(scoreOf(1000, 10)).toBe(1150);
  });
});

describe('level curve', () => {
  it('starts at level 1 and reaches 2 at 100, 3 at 400, 4 at 900, 5 at 1600', () => {
    expect(levelForScore(0)).toBe(1);
    expect(levelForScore(99)).toBe(1);
    expect(levelForScore(100)).toBe(2);
    expect(levelForScore(399)).toBe(2);
    expect(levelForScore(400)).toBe(3);
    expect(levelForScore(900)).toBe(4);
    expect(levelForScore(1600)).toBe(5);
  });

  it('treats nonsense scores as level 1', () => {
    expect(levelForScore(-50)).toBe(1);
    expect(levelForScore(Number.NaN)).toBe(1);
    expect(levelForScore(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('is the inverse of scoreForLevel and never goes down as the score rises', () => {
    for (let level = 1; level <= 50; level++) {
      const start = scoreForLevel(level);
      expect(levelForScore(start)).toBe(level);
      if (start > 0) expect(levelForScore(start - 1)).toBe(level - 1);
    }
    let previous = 1;
    for (let score = 0; score <= 20_000; score += 7) {
      const level = levelForScore(score);
      expect(level).toBeGreaterThanOrEqual(previous);
      previous = level;
    }
    expect(scoreForLevel(0)).toBe(0);
  });
});

describe('artist badge (SPEC §2: discoveries exceed 5)', () => {
  it('shows from the sixth discovery', () => {
    expect(ARTIST_BADGE_MIN_DISCOVERIES).toBe(6);
    expect(hasArtistBadge(0)).toBe(false);
    expect(hasArtistBadge(5)).toBe(false);
    expect(hasArtistBadge(6)).toBe(true);
    expect(hasArtistBadge(100)).toBe(true);
  });
});
