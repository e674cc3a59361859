import type { InboxKind } from './schemas/inbox.ts';

/**
 * Web Push (docs/decisions/042-push.md). A player opts in per topic; each topic is one kind of
 * news in the inbox, or two that go together (a held find approved or not). Nothing is pushed
 * for a topic the player did not turn on, and never for what they did themselves.
 */
export const PUSH_TOPICS = [
  'piece_found',
  'find_reviewed',
  'wall_proposal',
  'report_decided',
  'piece_gone',
  'near_you',
] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** The topic an inbox kind is pushed under; the player's own results have none. */
export const PUSH_TOPIC_OF: Readonly<Partial<Record<InboxKind, PushTopic>>> = {
  piece_found: 'piece_found',
  find_released: 'find_reviewed',
  find_voided: 'find_reviewed',
  visit_released: 'find_reviewed',
  visit_voided: 'find_reviewed',
  wall_verified: 'wall_proposal',
  wall_disputed: 'wall_proposal',
  report_upheld: 'report_decided',
  report_dismissed: 'report_decided',
  piece_gone: 'piece_gone',
  near_you: 'near_you',
};
