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
};

function FlagCard({ flag: f, onAct }: { flag: FlaggedLog; onAct: (a: PendingAction) => void }) {
  return (
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
      <Link href={`/art/${f.artworkId}`} className="font-semibold text-neon-cyan hover:underline">
        Open the artwork
      </Link>
    </QueueCard>
  );
}

/** Logs fair play held back, newest first: release pays what they would have paid, void nothing. */
export function FlagQueue({ onAct }: { onAct: (a: PendingAction) => void }) {
  return (
    <QueueList
      queue="flags"
      label="Logs waiting for review"
      empty={
        <EmptyState icon={ShieldAlert} title="No logs waiting">
          <p>Logs held by the fair-play checks show here.</p>
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
