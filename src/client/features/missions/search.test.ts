import { describe, expect, it } from 'vitest';
import type { Mission } from '../../../core/schemas/catalog.ts';
import { difficultyVariant, filterMissions, formatMissionType, missionHref } from './search.ts';

const mission = (over: Partial<Mission>): Mission => ({
  id: 'm',
  title: 'Title',
  description: 'Description',
  difficulty: 'easy',
  rewardTokens: 50,
  missionType: 'photo_hunt',
  targetEmojiPin: 'tag',
  targetLocation: null,
  maxCompletions: null,
  currentCompletions: 0,
  expiresAt: null,
  completedByMe: false,
  ...over,
});

describe('missions', () => {
  it('missions match title and description only', () => {
    const ms = [
      mission({ id: 'a', title: 'Hosier Lane Hunt' }),
      mission({ id: 'b', description: 'Walk the Bondi sea wall', missionType: 'lane' }),
    ];
    expect(filterMissions(ms, 'HOSIER').map((m) => m.id)).toEqual(['a']);
    expect(filterMissions(ms, 'bondi').map((m) => m.id)).toEqual(['b']);
    expect(filterMissions(ms, 'lane').map((m) => m.id)).toEqual(['a']);
  });

  it('Start Mission goes to the target at zoom 16, or home without one', () => {
    expect(missionHref(mission({ targetLocation: { lat: -37.8165, lng: 144.969 } }))).toBe(
      '/?lat=-37.8165&lng=144.969&zoom=16',
    );
    expect(missionHref(mission({ targetLocation: null }))).toBe('/');
  });

  it('colours difficulty: easy green, medium yellow, otherwise red', () => {
    expect(difficultyVariant('easy')).toBe('green');
    expect(difficultyVariant('medium')).toBe('yellow');
    expect(difficultyVariant('hard')).toBe('red');
    expect(difficultyVariant('legendary')).toBe('red');
  });

  it('formats mission types', () => {
    expect(formatMissionType('photo_hunt')).toBe('Photo hunt');
    expect(formatMissionType('paint')).toBe('Paint');
  });
});
