import { BrickWall, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { WallReview } from '../../../core/schemas/moderation.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, Byline, PlaceLine, QueueCard } from './queue-card.tsx';
import { HistoryBlock, ReportList } from './queue-history.tsx';
import { QueueList } from './queue-list.tsx';

const WALL_REASON_LABELS = {
  closed: 'Closed',
  not_legal: 'Not legal',
  private_property: 'Private property',
  gone: 'Gone',
};

/** "Proposed by alice", or where an imported wall's facts come from. */
function sourceText(wall: WallReview): string {
  if (wall.source.kind === 'player') return `Proposed by ${wall.source.label}`;
  const listed = wall.listedYear ? `, listed ${wall.listedYear}` : '';
  return `From ${wall.source.label}${listed}`;
}

function confirmationsText({ players, counting }: WallReview['confirmations']): string {
  if (players === 0) return 'Nobody has confirmed it yet.';
  const who = players === 1 ? '1 player confirmed it' : `${players} players confirmed it`;
  return `${who} (${counting} of them count).`;
}

function WallCard({ wall, onAct }: { wall: WallReview; onAct: (a: PendingAction) => void }) {
  const decisionsSeen = wall.history.decisionCount;
  return (
    <QueueCard
      imageUrl={wall.imageUrl}
      title={wall.name}
      kind="Legal wall"
      badges={
        <>
          <Badge variant={wall.status === 'disputed' ? 'red' : 'yellow'}>
            {wall.status === 'disputed' ? 'Disputed' : 'Unverified'}
          </Badge>
          {wall.hidden && <Badge variant="amber">Hidden</Badge>}
        </>
      }
      actions={
        <>
          <ActButton
            onAct={onAct}
            action={{
              label: 'Verify wall',
              what: `${wall.name} shows as a verified legal wall and its reports close.`,
              input: { action: 'verify_wall', targetId: wall.id, decisionsSeen },
            }}
          >
            Verify
          </ActButton>
          <ActButton
            variant="destructive"
            onAct={onAct}
            action={{
              label: 'Close wall',
              what: `${wall.name} shows as closed: nobody is sent there to paint.`,
              input: { action: 'close_wall', targetId: wall.id, decisionsSeen },
            }}
          >
            Close
          </ActButton>
        </>
      }
    >
      <p className="break-words whitespace-pre-line">{wall.description}</p>
      <Byline who={sourceText(wall)} at={wall.createdAt} added={wall.source.kind !== 'player'} />
      <PlaceLine
        place={{
          address: `${wall.address}, ${wall.city}, ${wall.country}`,
          latitude: wall.latitude,
          longitude: wall.longitude,
        }}
      />
      <p className="text-smoke">{confirmationsText(wall.confirmations)}</p>
      <ReportList
        reports={wall.reports.map(({ username, ...r }) => ({
          ...r,
          reporter: username,
          reason: WALL_REASON_LABELS[r.reason],
        }))}
      />
      <HistoryBlock history={wall.history} />
    </QueueCard>
  );
}

const wallItem = (onAct: (a: PendingAction) => void) => (wall: WallReview) => (
  <li key={wall.id}>
    <WallCard wall={wall} onAct={onAct} />
  </li>
);

/**
 * Walls players proposed or reported, newest first; then, folded away, imported walls nobody
 * has confirmed since their source listed them (docs/decisions/046).
 */
export function WallQueue({
  importedTotal,
  onAct,
}: {
  importedTotal: number;
  onAct: (a: PendingAction) => void;
}) {
  // Asked for only once opened: most visits never look at them.
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-4">
      <QueueList
        queue="walls"
        label="Walls to review"
        empty={
          <EmptyState icon={BrickWall} title="No walls from players to review">
            <p>Walls players propose or report show here.</p>
          </EmptyState>
        }
      >
        {wallItem(onAct)}
      </QueueList>
      {importedTotal > 0 && (
        <details
          className="group rounded-xl border border-line bg-wall/40"
          onToggle={(e) => setOpen(e.currentTarget.open)}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 py-2 font-bold [&::-webkit-details-marker]:hidden">
            <ChevronRight
              className="size-4 shrink-0 transition-transform group-open:rotate-90"
              aria-hidden
            />
            <span className="flex-1">Imported walls</span>
            <Badge variant="outline">{importedTotal}</Badge>
          </summary>
          <div className="grid gap-3 px-2 pb-3 sm:px-3">
            <p className="text-sm text-smoke">
              Listed by a council or in open data, not confirmed by players since, and reported by
              nobody. Verify one you know, or close one that is gone.
            </p>
            {open && (
              <QueueList queue="imported-walls" label="Imported walls to review" empty={null}>
                {wallItem(onAct)}
              </QueueList>
            )}
          </div>
        </details>
      )}
    </div>
  );
}
