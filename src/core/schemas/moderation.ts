import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS } from '../content-reports.ts';
import { WALL_REPORT_REASONS, WALL_STATUSES } from '../wall-status.ts';
import { MODERATION_REASON_MAX, SUSPEND_DAYS_MAX, SUSPEND_DAYS_MIN } from '../moderation-limits.ts';
import { ACCOUNT_FLAG_REASONS } from '../account-flags.ts';
import { IdSchema, IsoDateSchema, trimmed } from './common.ts';

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

/** What staff see of a reported or flagged thing, enough to decide without opening it. */
export const ContentPreviewSchema = z.object({
  title: z.string(),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The author or owner, when there is one. */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Where a player sees it in the app, when it has a page. */
  link: z.string().nullable(),
  hidden: z.boolean(),
});
export type ContentPreview = z.infer<typeof ContentPreviewSchema>;

export const ReportGroupSchema = z.object({
  targetType: ReportTargetSchema,
  targetId: z.string(),
  /** Null when the content no longer exists. */
  preview: ContentPreviewSchema.nullable(),
  count: z.number().int(),
  reasons: z.array(ReportReasonSchema),
  notes: z.array(z.string()),
  reporters: z.array(z.string()),
  /** Reports from players who were established when they reported: only those hide content. */
  established: z.number().int(),
  firstReportedAt: IsoDateSchema,
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const FlaggedLogSchema = z.object({
  id: z.string(),
  kind: z.enum(['found', 'gone', 'painted_over']),
  flagReason: z.enum(['photo_far_from_pin', 'impossible_travel']).nullable(),
  imageUrl: z.string().nullable(),
  userId: z.string(),
  username: z.string(),
  artworkId: z.string(),
  artworkTitle: z.string(),
  createdAt: IsoDateSchema,
});
export type FlaggedLog = z.infer<typeof FlaggedLogSchema>;

export const WallReviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  status: z.enum(WALL_STATUSES),
  imageUrl: z.string().nullable(),
  proposedBy: z.string().nullable(),
  reports: z.array(
    z.object({
      reason: z.enum(WALL_REPORT_REASONS),
      note: z.string(),
      username: z.string(),
      createdAt: IsoDateSchema,
    }),
  ),
});
export type WallReview = z.infer<typeof WallReviewSchema>;

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

export const ModerationQueuesSchema = z.object({
  reports: z.array(ReportGroupSchema),
  flags: z.array(FlaggedLogSchema),
  walls: z.array(WallReviewSchema),
  accounts: z.array(FlaggedAccountSchema),
});
export type ModerationQueues = z.infer<typeof ModerationQueuesSchema>;

const ReasonSchema = trimmed(MODERATION_REASON_MAX).min(1, 'Please give a reason.');

/** One staff action; each kind names what it acts on, and every one needs a reason. */
export const ModerationActionInputSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['hide', 'restore']),
    targetType: ReportTargetSchema,
    targetId: IdSchema,
    reason: ReasonSchema,
  }),
  z.object({
    action: z.enum(['verify_wall', 'close_wall']),
    targetId: IdSchema,
    reason: ReasonSchema,
  }),
  z.object({
    action: z.enum(['release_log', 'void_log']),
    targetId: IdSchema,
    reason: ReasonSchema,
  }),
  z.object({
    action: z.literal('suspend'),
    targetId: IdSchema,
    days: z.number().int().min(SUSPEND_DAYS_MIN).max(SUSPEND_DAYS_MAX),
    reason: ReasonSchema,
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
