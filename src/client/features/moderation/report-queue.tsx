import { EyeOff, Flag } from 'lucide-react';
import { Link } from 'wouter';
import { REPORT_TARGET_NAMES } from '../../../core/content-reports.ts';
import type { ReportGroup } from '../../../core/schemas/moderation.ts';
import { formatDate, plural } from '../../lib/format.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { REASON_LABELS } from './reports/report-reasons.ts';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, QueueCard, suspendAction } from './queue-card.tsx';

/** Only established players' reports hide anything (docs/decisions/026): say how many there are. */
function establishedText(established: number, count: number): string {
  if (established === 0) return 'None from established players, so these reports hide nothing.';
  if (established === count) return 'All from established players.';
  return `${established} of ${count} from established players.`;
}

function ReportCard({ group, onAct }: { group: ReportGroup; onAct: (a: PendingAction) => void }) {
  const { preview } = group;
  const name = REPORT_TARGET_NAMES[group.targetType];
  const target = { targetType: group.targetType, targetId: group.targetId };
  const ownerId = preview?.ownerId;
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
        </>
      }
      actions={
        preview && (
          <>
            {preview.hidden ? (
              <ActButton
                onAct={onAct}
                action={{
                  label: 'Restore',
                  what: `Show this ${name} again to everyone and close its reports.`,
                  input: { action: 'restore', ...target },
                }}
              />
            ) : (
              <ActButton
                variant="secondary"
                onAct={onAct}
                action={{
                  label: 'Dismiss reports',
                  what: `Keep this ${name} shown and close its reports.`,
                  input: { action: 'restore', ...target },
                }}
              />
            )}
            {!preview.hidden && (
              <ActButton
                variant="destructive"
                onAct={onAct}
                action={{
                  label: 'Hide',
                  what: `Hide this ${name} from every player and close its reports.`,
                  input: { action: 'hide', ...target },
                }}
              />
            )}
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
      {preview?.ownerName && <p className="text-smoke">By {preview.ownerName}</p>}
      <ul className="flex flex-wrap gap-1.5" aria-label="Reasons">
        {group.reasons.map((r) => (
          <li key={r}>
            <Badge variant="outline">{REASON_LABELS[r]}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-smoke">
        Reported by {group.reporters.join(', ')} · first on {formatDate(group.firstReportedAt)}
      </p>
      <p className="text-smoke">{establishedText(group.established, group.count)}</p>
      {group.notes.map((note, i) => (
        <blockquote key={i} className="border-l-2 border-line pl-2 text-smoke italic">
          {note}
        </blockquote>
      ))}
      {preview?.link && (
        <Link href={preview.link} className="font-semibold text-neon-cyan hover:underline">
          Open where players see it
        </Link>
      )}
    </QueueCard>
  );
}

/** Open reports, most reported first. */
export function ReportQueue({
  groups,
  onAct,
}: {
  groups: ReportGroup[];
  onAct: (a: PendingAction) => void;
}) {
  if (groups.length === 0) {
    return (
      <EmptyState icon={Flag} title="No open reports">
        <p>Reports players send show here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Open reports">
      {groups.map((g) => (
        <li key={`${g.targetType}:${g.targetId}`}>
          <ReportCard group={g} onAct={onAct} />
        </li>
      ))}
    </ul>
  );
}
