import { describe, expect, it } from 'vitest';
import { collectionFor, COLLECTION } from './collection.ts';

const none = { discoveries: 0, markers: 0, forumPosts: 0 };
const unlocked = (counts: typeof none) =>
  collectionFor(counts)
    .filter((item) => item.unlocked)
    .map((item) => item.id);

describe('NFT collection', () => {
  it('starts with character creation’s starter items: Spray Can, Palette and one locked', () => {
    const starters = collectionFor(none).filter((item) => item.starter);
    expect(starters.map((s) => [s.name, s.unlocked])).toEqual([
      ['Spray Can', true],
      ['Palette', true],
      ['Fat Cap', false],
    ]);
    expect(unlocked(none)).toEqual(['spray_can', 'palette']);
  });

  it('tells how to unlock every item a player does not start with', () => {
    for (const item of collectionFor(none)) {
      if (item.unlocked) expect(item.howToUnlock).toBeNull();
      else expect(item.howToUnlock).toMatch(/\.$/);
    }
    const fatCap = collectionFor(none).find((item) => item.id === 'fat_cap');
    expect(fatCap?.howToUnlock).toBe(
      'Earn the First Discovery achievement: document your first piece of street art.',
    );
  });

  it('unlocks items with the achievements and discovery counts they name', () => {
    expect(unlocked({ ...none, discoveries: 1 })).toEqual(['spray_can', 'palette', 'fat_cap']);
    expect(unlocked({ ...none, markers: 1 })).toContain('paint_marker');
    expect(unlocked({ ...none, forumPosts: 1 })).toContain('megaphone');
    expect(unlocked({ ...none, discoveries: 9 })).not.toContain('blackbook');
    expect(unlocked({ ...none, discoveries: 10 })).toContain('blackbook');
    expect(unlocked({ discoveries: 25, markers: 1, forumPosts: 1 })).toHaveLength(
      COLLECTION.length,
    );
  });

  it('shows progress towards the items that take several discoveries', () => {
    const items = collectionFor({ ...none, discoveries: 12 });
    expect(items.find((i) => i.id === 'blackbook')?.progress).toEqual({ current: 10, target: 10 });
    expect(items.find((i) => i.id === 'golden_can')?.progress).toEqual({ current: 12, target: 25 });
    expect(items.find((i) => i.id === 'spray_can')?.progress).toBeNull();
  });
});
