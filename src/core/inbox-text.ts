import type { InboxItem } from './schemas/inbox.ts';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const plus = (tokens: number) => `+${integer.format(tokens)} tokens`;

/**
 * What an inbox item says: the same in the list, in its toast and in its push notification
 * (the server writes the push, so the words live here rather than in the client).
 */
export function inboxText(item: Pick<InboxItem, 'kind' | 'title' | 'tokens' | 'otherPlayer'>): {
  title: string;
  description: string;
} {
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
    case 'wall_verified':
      return {
        title: 'Wall verified',
        description: `${title}, the wall you proposed, is verified as a legal wall.`,
      };
    case 'wall_disputed':
      return {
        title: 'Wall disputed',
        description: `Players reported ${title}, the wall you proposed. A moderator will decide.`,
      };
    case 'report_upheld':
      return {
        title: 'Report upheld',
        description: `A moderator acted on your report of ${title}. Thank you.`,
      };
    case 'report_dismissed':
      return {
        title: 'Report decided',
        description: `A moderator looked at your report of ${title} and left it as it is.`,
      };
    case 'piece_gone':
      return {
        title: 'Reported gone',
        description: `${title}, which you found, was reported gone. Still there? Log a find to keep it on the map.`,
      };
    case 'visit_released':
      return {
        title: 'Visit approved',
        description:
          tokens > 0
            ? `Your visit to ${title} was approved: ${plus(tokens)}.`
            : `Your visit to ${title} was approved.`,
      };
    case 'visit_voided':
      return {
        title: 'Visit not approved',
        description: `A moderator did not approve your visit to ${title}; it earns nothing.`,
      };
    case 'near_you':
      return {
        title: 'Near you',
        description: tokens > 0 ? `${title}: ${plus(tokens)} on offer.` : `${title}.`,
      };
  }
}
