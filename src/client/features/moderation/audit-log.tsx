import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import type { AuditEntry } from '../../../core/schemas/moderation.ts';
import { auditLogQuery } from './moderation-api.ts';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { formatDateTime, formatLongDate } from '../../lib/format.ts';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ACTION_LABELS } from './action-labels.ts';

/** "for 7 days, until 3 December 2026": what the details add to the sentence. */
function detailText(entry: AuditEntry): string | null {
  const details = entry.details ?? {};
  if (entry.action === 'suspend' && typeof details.until === 'string') {
    return `for ${String(details.days)} days, until ${formatLongDate(details.until)}`;
  }
  if (
    (entry.action === 'release_log' || entry.action === 'release_visit') &&
    typeof details.tokens === 'number'
  ) {
    return `paid ${details.tokens} tokens`;
  }
  // A deleted tour has no title left to look up: the entry kept it.
  if (entry.action === 'delete_tour' && typeof details.title === 'string') {
    return `“${details.title}”`;
  }
  // Staff are refused their own work (docs/decisions/026); the row says what they tried.
  if (entry.action === 'refused' && typeof details.attempted === 'string') {
    return `(their own: tried to ${details.attempted.replaceAll('_', ' ')})`;
  }
  // An artist's credit names the piece; a claim's verdict names the player who claimed.
  if (entry.action.startsWith('artist_') && typeof details.title === 'string') {
    return `(“${details.title}”)`;
  }
  if (entry.action.endsWith('_artist_claim') && typeof details.username === 'string') {
    return `by ${details.username}`;
  }
  if (entry.action.endsWith('_role') && typeof details.to === 'string') {
    return `(now ${details.to})`;
  }
  return null;
}

function Entry({ entry, onAct }: { entry: AuditEntry; onAct: (a: PendingAction) => void }) {
  const details = detailText(entry);
  const until = entry.details?.until;
  const stillSuspended =
    entry.action === 'suspend' && typeof until === 'string' && new Date(until) > new Date();
  const target = entry.targetLabel ?? `${entry.targetType} ${entry.targetId.slice(0, 8)}`;
  return (
    <li
      className="grid gap-1 rounded-xl border border-line bg-wall/70 p-3 text-sm"
      data-testid="audit-entry"
    >
      <p>
        <span className="font-bold">{entry.actor}</span>{' '}
        {ACTION_LABELS[entry.action] ?? entry.action}{' '}
        <span className="font-semibold break-words">{target}</span>
        {details && <span className="text-smoke"> {details}</span>}
      </p>
      <p className="break-words">
        <span className="text-smoke">Why: </span>
        {entry.reason}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time dateTime={entry.createdAt} className="text-xs text-smoke">
          {formatDateTime(entry.createdAt)}
        </time>
        {stillSuspended && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              onAct({
                label: 'Lift suspension',
                what: `${target} will be able to post, log and upload again.`,
                input: { action: 'lift_suspension', targetId: entry.targetId },
              })
            }
          >
            Lift suspension
          </Button>
        )}
      </div>
    </li>
  );
}

/** Every staff and operator action, newest first, 50 at a time. */
export function AuditLog({ onAct }: { onAct: (a: PendingAction) => void }) {
  const log = useInfiniteQuery(auditLogQuery);
  useRequireAuthRedirect(log.error);
  if (log.isPending) return <Skeleton className="h-40" />;
  if (log.isError) return <LoadError what="the audit log" onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((p) => p.items);
  if (entries.length === 0) {
    return (
      <EmptyState icon={ScrollText} title="Nothing logged yet">
        <p>Every moderation action is kept here with who, what and why.</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" aria-label="Audit log, newest first">
        {entries.map((e) => (
          <Entry key={e.id} entry={e} onAct={onAct} />
        ))}
      </ol>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </div>
  );
}
