import { BrickWall, Camera, Eye, SprayCan, type LucideIcon } from 'lucide-react';
import { QUEST_QUESTIONS, type QuestKind } from '../../../core/quests.ts';
import type { Quest } from '../../../core/schemas/quests.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';

/** How each kind of quest reads: its question, its icon and colour, and what answering takes. */
export const QUEST_LOOK: Record<
  QuestKind,
  { question: string; icon: LucideIcon; tone: string; ask: string }
> = {
  still_there: {
    question: QUEST_QUESTIONS.still_there,
    icon: Eye,
    tone: 'text-neon-cyan',
    ask: 'Photograph it as it is now.',
  },
  needs_photo: {
    question: QUEST_QUESTIONS.needs_photo,
    icon: Camera,
    tone: 'text-neon-pink',
    ask: 'Take the first player photo of it.',
  },
  visit_wall: {
    question: QUEST_QUESTIONS.visit_wall,
    icon: BrickWall,
    tone: 'text-neon-lime',
    ask: 'Photograph the wall to confirm it is there to paint.',
  },
  who_painted: {
    question: QUEST_QUESTIONS.who_painted,
    icon: SprayCan,
    tone: 'text-neon-amber',
    ask: 'Photograph it and name the artist (a tag or signature helps).',
  },
};

/** Why this quest is asked, in a line. */
export function questReason(quest: Quest): string {
  switch (quest.kind) {
    case 'still_there':
      return quest.reportedGone
        ? 'Reported gone since it was last seen'
        : `Last seen ${formatTimeAgo(quest.lastSeenAt ?? '')}`;
    case 'needs_photo':
      return 'From open data: no player has photographed it yet';
    case 'visit_wall':
      return 'Unverified: nobody has confirmed it lately';
    case 'who_painted':
      return 'Nobody has named its artist';
  }
}
