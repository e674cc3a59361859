import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { FlaggedLog } from '../../../core/schemas/moderation.ts';
import { formatDateTime } from '../../lib/format.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, QueueCard, suspendAction } from './queue-card.tsx';

const FLAG_LABELS = {
  photo_far_from_pin: 'Photo taken over 1 km from the pin',
  impossible_travel: 'Faster travel than possible since the last log',
};
const KIND_LABELS = {
  found: 'Found log',
  gone: 'Gone report',
  painted_over: 'Painted-over report',
};

/** Logs fair play held back: release pays what they would have paid, void pays nothing. */
export function FlagQueue({
  flags,
  onAct,
}: {
  flags: FlaggedLog[];
  onAct: (a: PendingAction) => void;
}) {
  if (flags.length === 0) {
    return (
      <EmptyState icon={ShieldAlert} title="No logs waiting">
        <p>Logs held by the fair-play checks show here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Logs waiting for review">
      {flags.map((f) => (
        <li key={f.id}>
          <QueueCard
            imageUrl={f.imageUrl}
            title={`${KIND_LABELS[f.kind]} of ${f.artworkTitle}`}
            kind="Held log"
            badges={f.flagReason && <Badge variant="amber">{FLAG_LABELS[f.flagReason]}</Badge>}
            actions={
              <>
                <ActButton
                  onAct={onAct}
                  action={{
                    label: 'Release',
                    what: `Count ${f.username}'s log and pay what it would have paid.`,
                    input: { action: 'release_log', targetId: f.id },
                  }}
                />
                <ActButton
                  variant="destructive"
                  onAct={onAct}
                  action={{
                    label: 'Void',
                    what: `${f.username}'s log stays on record but pays and counts nothing.`,
                    input: { action: 'void_log', targetId: f.id },
                  }}
                />
                <ActButton
                  variant="ghost"
                  onAct={onAct}
                  action={suspendAction(f.username, f.userId)}
                >
                  Suspend {f.username}
                </ActButton>
              </>
            }
          >
            <p>
              By <span className="font-semibold">{f.username}</span> ·{' '}
              <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
            </p>
            <Link
              href={`/art/${f.artworkId}`}
              className="font-semibold text-neon-cyan hover:underline"
            >
              Open the artwork
            </Link>
          </QueueCard>
        </li>
      ))}
    </ul>
  );
}
