import type { ReportReason } from '../../../../core/content-reports.ts';

/** How each reason reads in the report dialog and on the moderation page. */
export const REASON_LABELS: Record<ReportReason, string> = {
  abusive: 'Abusive or hateful',
  sexual: 'Sexual content',
  personal_info: 'Shows personal information',
  spam: 'Spam or advertising',
  not_street_art: 'Not street art',
  copyright: 'Copied from someone else',
  other: 'Something else',
};
