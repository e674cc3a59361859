import type { Achievement } from './schemas/profile.ts';

/** What a player has done, counted by the server from its own tables (never stored). */
export interface AchievementCounts {
  /** The player's discoveries counter (`users.discoveries`). */
  discoveries: number;
  /** Custom markers the player has dropped on the map. */
  markers: number;
  /** Forum posts the player has written, replies included. */
  forumPosts: number;
}

interface AchievementRule {
  id: Achievement['id'];
  name: string;
  description: string;
  unlockedBy(counts: AchievementCounts): boolean;
}

/** SPEC §2 Profile: the three achievements, in the order the profile shows them. */
export const ACHIEVEMENTS: readonly AchievementRule[] = [
  {
    id: 'first_discovery',
    name: 'First Discovery',
    description: 'Document your first piece of street art.',
    unlockedBy: (c) => c.discoveries > 0,
  },
  {
    id: 'pin_dropper',
    name: 'Pin Dropper',
    description: 'Drop your first custom marker on the map.',
    unlockedBy: (c) => c.markers > 0,
  },
  {
    id: 'social_explorer',
    name: 'Social Explorer',
    description: 'Write your first post in the community.',
    unlockedBy: (c) => c.forumPosts > 0,
  },
];

export function achievementsFor(counts: AchievementCounts): Achievement[] {
  return ACHIEVEMENTS.map(({ id, name, description, unlockedBy }) => ({
    id,
    name,
    description,
    unlocked: unlockedBy(counts),
  }));
}
