import { ACHIEVEMENTS, type AchievementCounts } from './achievements.ts';
import type { Achievement, CollectionItem } from './schemas/profile.ts';

/** How an item is earned: from the start, with an achievement, or after a number of discoveries. */
type Unlock =
  | { kind: 'starter' }
  | { kind: 'achievement'; achievement: Achievement['id'] }
  | { kind: 'discoveries'; count: number };

interface CollectionRule {
  id: CollectionItem['id'];
  name: string;
  description: string;
  /** Shown among the three items of character creation's Starter NFT Collection. */
  starter: boolean;
  unlock: Unlock;
}

/**
 * The NFT Collection, in the order it is shown. The first three are the Starter NFT Collection of
 * character creation (SPEC §2: Spray Can, Palette, one locked): the locked one is the Fat Cap,
 * earned with the first discovery. Decision: docs/decisions/018-deep-links-and-collection.md.
 */
export const COLLECTION: readonly CollectionRule[] = [
  {
    id: 'spray_can',
    name: 'Spray Can',
    description: 'Every writer starts with a can.',
    starter: true,
    unlock: { kind: 'starter' },
  },
  {
    id: 'palette',
    name: 'Palette',
    description: 'Your first colours for the streets.',
    starter: true,
    unlock: { kind: 'starter' },
  },
  {
    id: 'fat_cap',
    name: 'Fat Cap',
    description: 'Wide lines for bold pieces.',
    starter: true,
    unlock: { kind: 'achievement', achievement: 'first_discovery' },
  },
  {
    id: 'paint_marker',
    name: 'Paint Marker',
    description: 'For tags and the details.',
    starter: false,
    unlock: { kind: 'achievement', achievement: 'pin_dropper' },
  },
  {
    id: 'megaphone',
    name: 'Megaphone',
    description: 'Spread the word about a wall.',
    starter: false,
    unlock: { kind: 'achievement', achievement: 'social_explorer' },
  },
  {
    id: 'blackbook',
    name: 'Blackbook',
    description: 'Sketches of ten pieces and counting.',
    starter: false,
    unlock: { kind: 'discoveries', count: 10 },
  },
  {
    id: 'golden_can',
    name: 'Golden Can',
    description: 'For the city’s most dedicated documenters.',
    starter: false,
    unlock: { kind: 'discoveries', count: 25 },
  },
];

function achievementRule(id: Achievement['id']) {
  const rule = ACHIEVEMENTS.find((a) => a.id === id);
  if (!rule) throw new Error(`no achievement ${id}`);
  return rule;
}

function itemState(unlock: Unlock, counts: AchievementCounts) {
  switch (unlock.kind) {
    case 'starter':
      return { unlocked: true, howToUnlock: null, progress: null };
    case 'achievement': {
      const rule = achievementRule(unlock.achievement);
      return {
        unlocked: rule.unlockedBy(counts),
        howToUnlock: `Earn the ${rule.name} achievement: ${rule.description.charAt(0).toLowerCase()}${rule.description.slice(1)}`,
        progress: null,
      };
    }
    case 'discoveries':
      return {
        unlocked: counts.discoveries >= unlock.count,
        howToUnlock: `Document ${unlock.count} pieces of street art.`,
        progress: { current: Math.min(counts.discoveries, unlock.count), target: unlock.count },
      };
  }
}

/** The collection as the player's counts unlock it: computed, never stored. */
export function collectionFor(counts: AchievementCounts): CollectionItem[] {
  return COLLECTION.map(({ id, name, description, starter, unlock }) => ({
    id,
    name,
    description,
    starter,
    ...itemState(unlock, counts),
  }));
}
