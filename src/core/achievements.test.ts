import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, achievementsFor } from './achievements.ts';

const none = { discoveries: 0, markers: 0, forumPosts: 0 };

describe('achievements', () => {
  it('lists the three SPEC achievements in order, all locked at the start', () => {
    expect(achievementsFor(none).map((a) => [a.id, a.name, a.unlocked])).toEqual([
      ['first_discovery', 'First Discovery', false],
      ['pin_dropper', 'Pin Dropper', false],
      ['social_explorer', 'Social Explorer', false],
    ]);
    for (const a of ACHIEVEMENTS) expect(a.description.length).toBeGreaterThan(0);
  });

  it('unlocks each from its own count only', () => {
    const unlocked = (counts: typeof none) =>
      achievementsFor(counts)
        .filter((a) => a.unlocked)
        .map((a) => a.id);
    expect(unlocked({ ...none, discoveries: 1 })).toEqual(['first_discovery']);
    expect(unlocked({ ...none, markers: 3 })).toEqual(['pin_dropper']);
    expect(unlocked({ ...none, forumPosts: 1 })).toEqual(['social_explorer']);
    expect(unlocked({ discoveries: 9, markers: 1, forumPosts: 2 })).toHaveLength(3);
  });
});
