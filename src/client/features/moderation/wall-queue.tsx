import { BrickWall } from 'lucide-react';
import type { WallReview } from '../../../core/schemas/moderation.ts';
import { formatDate } from '../../lib/format.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, QueueCard } from './queue-card.tsx';

const WALL_REASON_LABELS = {
  closed: 'Closed',
  not_legal: 'Not legal',
  private_property: 'Private property',
  gone: 'Gone',
};

/** Walls players proposed or disputed: verify or close, with the reports that led here. */
export function WallQueue({
  walls,
  onAct,
}: {
  walls: WallReview[];
  onAct: (a: PendingAction) => void;
}) {
  if (walls.length === 0) {
    return (
      <EmptyState icon={BrickWall} title="No walls to review">
        <p>Proposed and disputed legal walls show here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Walls to review">
      {walls.map((w) => (
        <li key={w.id}>
          <QueueCard
            imageUrl={w.imageUrl}
            title={w.name}
            kind="Legal wall"
            badges={
              <Badge variant={w.status === 'disputed' ? 'red' : 'yellow'}>
                {w.status === 'disputed' ? 'Disputed' : 'Unverified'}
              </Badge>
            }
            actions={
              <>
                <ActButton
                  onAct={onAct}
                  action={{
                    label: 'Verify wall',
                    what: `${w.name} shows as a verified legal wall and its reports close.`,
                    input: { action: 'verify_wall', targetId: w.id },
                  }}
                >
                  Verify
                </ActButton>
                <ActButton
                  variant="destructive"
                  onAct={onAct}
                  action={{
                    label: 'Close wall',
                    what: `${w.name} shows as closed: nobody is sent there to paint.`,
                    input: { action: 'close_wall', targetId: w.id },
                  }}
                >
                  Close
                </ActButton>
              </>
            }
          >
            <p>
              {w.city}, {w.country}
              {w.proposedBy && <span className="text-smoke"> · proposed by {w.proposedBy}</span>}
            </p>
            {w.reports.length > 0 && (
              <ul className="grid gap-1" aria-label="Reports">
                {w.reports.map((r, i) => (
                  <li key={i}>
                    <span className="font-semibold">{WALL_REASON_LABELS[r.reason]}</span>
                    <span className="text-smoke">
                      {' '}
                      · {r.username}, {formatDate(r.createdAt)}
                    </span>
                    {r.note && <span className="block text-smoke italic">{r.note}</span>}
                  </li>
                ))}
              </ul>
            )}
          </QueueCard>
        </li>
      ))}
    </ul>
  );
}
