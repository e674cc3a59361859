import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS } from '../content-reports.ts';
import { WALL_REPORT_REASONS } from '../wall-status.ts';
import { MODERATION_REASON_MAX, SUSPEND_DAYS_MAX, SUSPEND_DAYS_MIN } from '../moderation-limits.ts';
import { ACCOUNT_FLAG_REASONS } from '../account-flags.ts';
import { IdSchema, IsoDateSchema, trimmed } from './common.ts';
import { LegalWallSchema } from './walls.ts';

/*
 * Reports any player makes and what staff do about them (docs/decisions/026-walls-reports-moderation.md).
 */

export const ReportTargetSchema = z.enum(REPORT_TARGETS);
export const ReportReasonSchema = z.enum(REPORT_REASONS);

export const CreateReportSchema = z.object({
  targetType: ReportTargetSchema,
  targetId: IdSchema,
  reason: ReportReasonSchema,
  note: trimmed(REPORT_NOTE_MAX).optional(),
});
export type CreateReport = z.infer<typeof CreateReportSchema>;

export const ReportResultSchema = z.object({
  id: z.string(),
  /**
   * This report brought established players' reports to the threshold: the content is hidden
   * until a moderator reviews it. False when it stays shown (a new account's report, content of
   * staff, or too few reports yet); the report waits for a moderator either way.
   */
  hidden: z.boolean(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

/** Where a thing is: its address when one is known, and its coordinates. */
export const PlaceSchema = z.object({
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** What staff see of a reported or flagged thing, enough to decide without opening it. */
export const ContentPreviewSchema = z.object({
  title: z.string(),
  /** The words a player wrote: a description, a post, a note. */
  text: z.string().nullable(),
  /** Null for what has no place (a post, a profile). */
  place: PlaceSchema.nullable(),
  /** When it was posted, made or found. */
  postedAt: IsoDateSchema,
  /** An artwork's description (its first finder's words), in full; null for other content. */
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The author or owner, when there is one. */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Where a player sees it in the app, when it has a page. */
  link: z.string().nullable(),
  hidden: z.boolean(),
});
export type ContentPreview = z.infer<typeof ContentPreviewSchema>;

/** One earlier decision on a queue item, from the audit log. */
export const PastDecisionSchema = z.object({
  actor: z.string(),
  action: z.string(),
  reason: z.string(),
  createdAt: IsoDateSchema,
});

/** What happened to a queue item before (docs/decisions/046). */
export const QueueHistorySchema = z.object({
  /** The newest few audit log entries on it, newest first (refused attempts too). */
  decisions: z.array(PastDecisionSchema),
  /**
   * How many decisions it has had in all (refused attempts left out). A decision sent with
   * `decisionsSeen` is refused (409) when this has grown since: another moderator got there first.
   */
  decisionCount: z.number().int(),
  /** Logs of the artwork it is or belongs to, by kind; null for what is not about an artwork. */
  logs: z
    .object({ found: z.number().int(), gone: z.number().int(), paintedOver: z.number().int() })
    .nullable(),
});
export type QueueHistory = z.infer<typeof QueueHistorySchema>;

/** One open report as a queue card lists it. */
export const QueueReportSchema = z.object({
  reason: ReportReasonSchema,
  note: z.string(),
  /** The reporter's name, or the deleted-player label. */
  reporter: z.string(),
  /** Established when they reported: only such reports hide content (docs/decisions/026). */
  established: z.boolean(),
  createdAt: IsoDateSchema,
});

export const ReportGroupSchema = z.object({
  targetType: ReportTargetSchema,
  targetId: z.string(),
  /** Null when the content no longer exists. */
  preview: ContentPreviewSchema.nullable(),
  /** An artwork, wall or post from an open-data source or the seed, not from a player. */
  imported: z.boolean(),
  count: z.number().int(),
  reasons: z.array(ReportReasonSchema),
  /** Reports from players who were established when they reported: only those hide content. */
  established: z.number().int(),
  /** The open reports, oldest first. */
  reports: z.array(QueueReportSchema),
  lastReportedAt: IsoDateSchema,
  history: QueueHistorySchema,
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/**
 * A log held by fair play, or a quest's held wall visit (`wall_visit`: its id is the quest
 * answer's, reviewed by release_visit and void_visit).
 */
export const FlaggedLogSchema = z.object({
  id: z.string(),
  kind: z.enum(['found', 'gone', 'painted_over', 'wall_visit']),
  flagReason: z.enum(['photo_far_from_pin', 'impossible_travel']).nullable(),
  imageUrl: z.string().nullable(),
  /** What the finder wrote with the find, when it came with a discovery. */
  description: z.string().nullable(),
  place: PlaceSchema,
  userId: z.string(),
  username: z.string(),
  /** The artwork logged; null for a wall visit. */
  artworkId: z.string().nullable(),
  /** The artwork's title, or the wall's name for a wall visit. */
  artworkTitle: z.string(),
  /** The in-app page of what was logged: the artwork's, or the wall on the map. */
  link: z.string(),
  createdAt: IsoDateSchema,
  history: QueueHistorySchema,
});
export type FlaggedLog = z.infer<typeof FlaggedLogSchema>;

/** A wall as players see it, with what staff need to verify or close it. */
export const WallReviewSchema = LegalWallSchema.extend({
  hidden: z.boolean(),
  createdAt: IsoDateSchema,
  /** Open wall reports, oldest first; `established` is the reporter's standing now. */
  reports: z.array(
    z.object({
      reason: z.enum(WALL_REPORT_REASONS),
      note: z.string(),
      username: z.string(),
      established: z.boolean(),
      createdAt: IsoDateSchema,
    }),
  ),
  history: QueueHistorySchema,
});
export type WallReview = z.infer<typeof WallReviewSchema>;

/** The size of a queue page. */
export const QUEUE_PAGE_SIZE = 20;
/** Room for a cursor this API gives; ours are far shorter. */
const QUEUE_CURSOR_MAX = 600;

/** One page of a queue, newest first: its items, how many wait in all, and the next page. */
const queuePage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
export const ReportPageSchema = queuePage(ReportGroupSchema);
export type ReportPage = z.infer<typeof ReportPageSchema>;
export const FlagPageSchema = queuePage(FlaggedLogSchema);
export type FlagPage = z.infer<typeof FlagPageSchema>;
export const WallPageSchema = queuePage(WallReviewSchema);
export type WallPage = z.infer<typeof WallPageSchema>;

export const QueuePageQuerySchema = z.object({
  cursor: z
    .string()
    .min(1)
    .max(QUEUE_CURSOR_MAX)
    .optional()
    .describe('nextCursor of the previous page of the same queue'),
});

/** A new account made from the host of a suspended account, waiting for staff to look at it. */
export const FlaggedAccountSchema = z.object({
  userId: z.string(),
  username: z.string(),
  createdAt: IsoDateSchema,
  reason: z.enum(ACCOUNT_FLAG_REASONS),
  /** The suspended accounts seen from the same host; null until when they are no longer suspended. */
  related: z.array(
    z.object({ id: z.string(), username: z.string(), suspendedUntil: IsoDateSchema.nullable() }),
  ),
});
export type FlaggedAccount = z.infer<typeof FlaggedAccountSchema>;

/** The first page of each queue; players' walls apart from imported ones (docs/decisions/046). */
export const ModerationQueuesSchema = z.object({
  reports: ReportPageSchema,
  flags: FlagPageSchema,
  walls: WallPageSchema,
  importedWalls: WallPageSchema,
  accounts: z.array(FlaggedAccountSchema),
});
export type ModerationQueues = z.infer<typeof ModerationQueuesSchema>;

const ReasonSchema = trimmed(MODERATION_REASON_MAX).min(1, 'Please give a reason.');

/**
 * The history's decisionCount the moderator saw on the card; when more decisions were made
 * since, the action is refused (409) and changes nothing. Left out, the action is taken as is.
 */
const DecisionsSeenSchema = z.number().int().min(0).max(1_000_000).optional();

/** One staff action; each kind names what it acts on, and every one needs a reason. */
export const ModerationActionInputSchema = z.discriminatedUnion('action', [
  z.object({
    /** keep_hidden: the content stays hidden and its open reports close (docs/decisions/046). */
    action: z.enum(['hide', 'restore', 'keep_hidden']),
    targetType: ReportTargetSchema,
    targetId: IdSchema,
    reason: ReasonSchema,
    decisionsSeen: DecisionsSeenSchema,
  }),
  z.object({
    action: z.enum(['verify_wall', 'close_wall']),
    targetId: IdSchema,
    reason: ReasonSchema,
    decisionsSeen: DecisionsSeenSchema,
  }),
  z.object({
    action: z.enum(['release_log', 'void_log', 'release_visit', 'void_visit']),
    targetId: IdSchema,
    reason: ReasonSchema,
  }),
  z.object({
    action: z.literal('suspend'),
    targetId: IdSchema,
    days: z.number().int().min(SUSPEND_DAYS_MIN).max(SUSPEND_DAYS_MAX),
    reason: ReasonSchema,
  }),
  z.object({
    /** Takes back an artist's verification that players reported (docs/decisions/049). */
    action: z.literal('revoke_claim'),
    targetId: IdSchema,
    reason: ReasonSchema,
    decisionsSeen: DecisionsSeenSchema,
  }),
  z.object({ action: z.literal('lift_suspension'), targetId: IdSchema, reason: ReasonSchema }),
  z.object({ action: z.literal('clear_account_flag'), targetId: IdSchema, reason: ReasonSchema }),
]);
export type ModerationActionInput = z.infer<typeof ModerationActionInputSchema>;
export type ModerationActionKind = ModerationActionInput['action'];

/** A row of the audit log as the moderation page shows it. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** A human name for the target (a username, a post's first words), when it still exists. */
  targetLabel: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: IsoDateSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

export const AuditQuerySchema = z.object({ before: IdSchema.optional() });

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const ModerationActionResultSchema = z.object({ entry: AuditEntrySchema });
