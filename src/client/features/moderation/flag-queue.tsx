import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { FlaggedLog } from '../../../core/schemas/moderation.ts';
import { EmptyState } from '../../components/ui/section.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import type { PendingAction } from './action-dialog.tsx';
import { ActButton, Byline, PlaceLine, QueueCard, suspendAction } from './queue-card.tsx';
import { HistoryBlock } from './queue-history.tsx';
import { QueueList } from './queue-list.tsx';

const FLAG_LABELS = {
  photo_far_from_pin: 'Photo taken over 1 km from the pin',
  impossible_travel: 'Faster travel than possible since the last log',
};
const KIND_LABELS = {
  found: 'Found log',
  gone: 'Gone report',
  painted_over: 'Painted-over report',
  wall_visit: 'Quest visit',
};

/** What releasing or voiding does, for a log and for a quest's wall visit. */
function reviewActions(f: FlaggedLog) {
  if (f.kind === 'wall_visit') {
    return {
      release: `Confirm ${f.artworkTitle} with ${f.username}'s visit and pay the quest's reward.`,
      void: `${f.username}'s visit stays on record but confirms and pays nothing.`,
      input: { release: 'release_visit', void: 'void_visit' } as const,
    };
  }
  return {
    release: `Count ${f.username}'s log and pay what it would have paid.`,
    void: `${f.username}'s log stays on record but pays and counts nothing.`,
    input: { release: 'release_log', void: 'void_log' } as const,
  };
}

function FlagCard({ flag: f, onAct }: { flag: FlaggedLog; onAct: (a: PendingAction) => void }) {
  const review = reviewActions(f);
  const visit = f.kind === 'wall_visit';
  return (
    <QueueCard
      imageUrl={f.imageUrl}
      title={`${KIND_LABELS[f.kind]} of ${f.artworkTitle}`}
      kind={visit ? 'Held quest answer' : 'Held log'}
      badges={
        f.flagReason && (
          // Wraps on a phone: the longest reason is wider than a card beside its photo.
          <Badge variant="amber" className="whitespace-normal">
            {FLAG_LABELS[f.flagReason]}
          </Badge>
        )
      }
      actions={
        <>
          <ActButton
            onAct={onAct}
            action={{
              label: 'Release',
              what: review.release,
              input: { action: review.input.release, targetId: f.id },
            }}
          />
          <ActButton
            variant="destructive"
            onAct={onAct}
            action={{
              label: 'Void',
              what: review.void,
              input: { action: review.input.void, targetId: f.id },
            }}
          />
          <ActButton variant="ghost" onAct={onAct} action={suspendAction(f.username, f.userId)}>
            Suspend {f.username}
          </ActButton>
        </>
      }
    >
      {f.description && <p className="break-words whitespace-pre-line">{f.description}</p>}
      <Byline who={`By ${f.username}`} at={f.createdAt} />
      <PlaceLine place={f.place} />
      <HistoryBlock history={f.history} />
      <Link href={f.link} className="font-semibold text-neon-cyan hover:underline">
        {visit ? 'Open the wall on the map' : 'Open the artwork'}
      </Link>
    </QueueCard>
  );
}

/**
 * Logs and quests' wall visits fair play held back, newest first: release pays what they would
 * have paid (a visit also confirms its wall), void nothing.
 */
export function FlagQueue({ onAct }: { onAct: (a: PendingAction) => void }) {
  return (
    <QueueList
      queue="flags"
      label="Logs waiting for review"
      empty={
        <EmptyState icon={ShieldAlert} title="No logs waiting">
          <p>Logs and quest visits held by the fair-play checks show here.</p>
        </EmptyState>
      }
    >
      {(f) => (
        <li key={f.id}>
          <FlagCard flag={f} onAct={onAct} />
        </li>
      )}
    </QueueList>
  );
}
