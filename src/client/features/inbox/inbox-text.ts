import type { InboxItem } from '../../../core/schemas/inbox.ts';
import { formatNumber } from '../../lib/format.ts';

const plus = (tokens: number) => `+${formatNumber(tokens)} tokens`;

/** What an inbox item says, the same in the list and in its toast. */
export function inboxText(item: InboxItem): { title: string; description: string } {
  const { title, tokens } = item;
  switch (item.kind) {
    case 'find_paid':
      return { title: 'Find logged', description: `${title}: ${plus(tokens)}.` };
    case 'find_held':
      return {
        title: 'Held for review',
        description: `${title} is held for review and pays once a moderator approves it.`,
      };
    case 'find_released':
      return {
        title: 'Find approved',
        description:
          tokens > 0 ? `${title} was approved: ${plus(tokens)}.` : `${title} was approved.`,
      };
    case 'find_voided':
      return {
        title: 'Find not approved',
        description: `A moderator did not approve ${title}; it earns nothing.`,
      };
    case 'piece_found':
      return {
        title: 'Your piece was found',
        description: `${item.otherPlayer ?? 'A player'} found ${title}: ${plus(tokens)}, your first finder's bonus.`,
      };
    case 'mission_completed':
      return { title: 'Mission complete', description: `${title}: ${plus(tokens)}.` };
  }
}
