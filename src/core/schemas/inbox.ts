import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.ts';

/**
 * What lands in a player's inbox (docs/decisions/040-inbox-and-evidence.md, 042-push.md): their
 * own finds as they were paid, held, released or voided, other players finding their pieces
 * (the first finder's bonus), missions completed, their wall proposals verified or disputed,
 * their reports decided (upheld: the thing was hidden or the wall closed; dismissed: it stays),
 * a piece they found reported gone, a quest or challenge near them (`near_you`), and their
 * quest's wall visit held by fair play released or voided by a moderator.
 */
export const INBOX_KINDS = [
  'find_paid',
  'find_held',
  'find_released',
  'find_voided',
  'piece_found',
  'mission_completed',
  'wall_verified',
  'wall_disputed',
  'report_upheld',
  'report_dismissed',
  'piece_gone',
  'near_you',
  'visit_released',
  'visit_voided',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** The player's own results: told by their own action, so neither toasted nor pushed. */
const OWN_KINDS: readonly InboxKind[] = ['find_paid', 'find_held', 'mission_completed'];

/** The kinds another player or a moderator causes: the player hears of them later, not at once. */
export const NEWS_KINDS: readonly InboxKind[] = INBOX_KINDS.filter((k) => !OWN_KINDS.includes(k));

export const InboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  /** Tokens paid with it (0 when nothing was). */
  tokens: z.number().int(),
  /** What it is about: the artwork's, discovery's, mission's, wall's or quest's title. */
  title: z.string(),
  /** The other player (piece_found), as shown to players. */
  otherPlayer: z.string().nullable(),
  artworkId: z.string().nullable(),
  discoveryId: z.string().nullable(),
  /** The in-app page it is about (an artwork's page, a wall on the map, a quest), if any. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: IsoDateSchema,
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const INBOX_PAGE_SIZE = 30;

export const InboxQuerySchema = z.object({
  /** The id of the last item of the previous page. */
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
});

export const InboxPageSchema = z.object({
  items: z.array(InboxItemSchema),
  unread: z.number().int(),
  nextBefore: z.string().nullable(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

/** GET /api/inbox/unread: what the header's count and the news toasts need. */
export const InboxUnreadSchema = z.object({
  unread: z.number().int(),
  /** The newest unread items another player or a moderator caused, newest first (at most 5). */
  news: z.array(InboxItemSchema),
});
export type InboxUnread = z.infer<typeof InboxUnreadSchema>;

/** POST /api/inbox/read: everything up to and including this item is read. */
export const MarkInboxReadSchema = z.object({ upTo: IdSchema });
