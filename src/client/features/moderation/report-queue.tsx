import { EyeOff, Flag } from 'lucide-react';
import { Link } from 'wouter';
import { REPORT_TARGET_NAMES } from '../../../core/content-reports.ts';
import type { ReportGroup } from '../../../core/schemas/moderation.ts';
import { plural } from '../../lib/format.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { REASON_LABELS } from './reports/report-reasons.ts';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, Byline, PlaceLine, QueueCard, suspendAction } from './queue-card.tsx';
import { HistoryBlock, ReportList } from './queue-history.tsx';
import { QueueList } from './queue-list.tsx';

/** Only established players' reports hide anything (docs/decisions/026): say how many there are. */
function establishedText(established: number, count: number): string {
  if (established === 0) return 'None from established players, so these reports hide nothing.';
  if (established === count) return 'All from established players.';
  return `${established} of ${count} from established players.`;
}

/** Restore or keep hidden when reports hid it; dismiss or hide when it is still shown. */
function decisions(group: ReportGroup, hidden: boolean): PendingAction[] {
  const name = REPORT_TARGET_NAMES[group.targetType];
  const target = {
    targetType: group.targetType,
    targetId: group.targetId,
    decisionsSeen: group.history.decisionCount,
  };
  // A verification is never hidden: it stands or a moderator takes it back (docs/decisions/049).
  if (group.targetType === 'artist_claim') {
    return [
      {
        label: 'Dismiss reports',
        what: 'Keep this artist’s verification and close its reports.',
        input: { action: 'restore', ...target },
      },
      {
        label: 'Revoke verification',
        what: 'The account is no longer this artist’s verified account; its reports are upheld.',
        input: {
          action: 'revoke_claim',
          targetId: group.targetId,
          decisionsSeen: target.decisionsSeen,
        },
      },
    ];
  }
  return hidden
    ? [
        {
          label: 'Keep hidden and close',
          what: `This ${name} stays hidden from every player; its reports close and it leaves the queue.`,
          input: { action: 'keep_hidden', ...target },
        },
        {
          label: 'Restore',
          what: `Show this ${name} again to everyone and close its reports.`,
          input: { action: 'restore', ...target },
        },
      ]
    : [
        {
          label: 'Dismiss reports',
          what: `Keep this ${name} shown and close its reports.`,
          input: { action: 'restore', ...target },
        },
        {
          label: 'Hide',
          what: `Hide this ${name} from every player and close its reports.`,
          input: { action: 'hide', ...target },
        },
      ];
}

function ReportCard({ group, onAct }: { group: ReportGroup; onAct: (a: PendingAction) => void }) {
  const { preview } = group;
  const name = REPORT_TARGET_NAMES[group.targetType];
  const ownerId = preview?.ownerId;
  const [first, second] = preview ? decisions(group, preview.hidden) : [];
  return (
    <QueueCard
      imageUrl={preview?.imageUrl ?? null}
      title={preview?.title ?? `A ${name} that no longer exists`}
      kind={name}
      badges={
        <>
          <Badge variant="red">
            <Flag className="size-3" aria-hidden />
            {plural(group.count, 'report', 'reports')}
          </Badge>
          {preview?.hidden && (
            <Badge variant="amber">
              <EyeOff className="size-3" aria-hidden />
              Hidden
            </Badge>
          )}
          {group.imported && <Badge variant="outline">Imported</Badge>}
        </>
      }
      actions={
        first &&
        second && (
          <>
            <ActButton onAct={onAct} action={first} />
            <ActButton
              variant={preview?.hidden ? 'secondary' : 'destructive'}
              onAct={onAct}
              action={second}
            />
            {ownerId && preview.ownerName && (
              <ActButton
                variant="ghost"
                onAct={onAct}
                action={suspendAction(preview.ownerName, ownerId)}
              >
                Suspend {preview.ownerName}
              </ActButton>
            )}
          </>
        )
      }
    >
      {preview?.text && <p className="break-words whitespace-pre-line">{preview.text}</p>}
      {preview?.description && (
        <p className="break-words whitespace-pre-line">{preview.description}</p>
      )}
      {preview && (
        <Byline
          who={preview.ownerName ? `By ${preview.ownerName}` : 'Added'}
          at={preview.postedAt}
        />
      )}
      {preview?.place && <PlaceLine place={preview.place} />}
      <p className="text-smoke">
        {group.targetType === 'artist_claim'
          ? 'Reports never hide a verification: revoke it or dismiss them.'
          : establishedText(group.established, group.count)}
      </p>
      <ReportList reports={group.reports.map((r) => ({ ...r, reason: REASON_LABELS[r.reason] }))} />
      <HistoryBlock history={group.history} />
      {preview?.link && (
        <Link href={preview.link} className="font-semibold text-neon-cyan hover:underline">
          Open where players see it
        </Link>
      )}
    </QueueCard>
  );
}

/** Open reports, the newest report first. */
export function ReportQueue({ onAct }: { onAct: (a: PendingAction) => void }) {
  return (
    <QueueList
      queue="reports"
      label="Open reports"
      empty={
        <EmptyState icon={Flag} title="No open reports">
          <p>Reports players send show here.</p>
        </EmptyState>
      }
    >
      {(g) => (
        <li key={`${g.targetType}:${g.targetId}`}>
          <ReportCard group={g} onAct={onAct} />
        </li>
      )}
    </QueueList>
  );
}
