import { CircleCheck, LoaderCircle, LocateFixed, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { distanceKm } from '../../../core/geo.ts';
import { MAX_ANSWER_RADIUS_M, answerRadiusM, distanceLabel } from '../../../core/quests.ts';
import type { Quest, QuestAnswer } from '../../../core/schemas/quests.ts';
import type { PhotoLocation } from '../../../core/schemas/objects.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { toast } from '../../hooks/use-toast.ts';
import { PhotoField, PhotoSubmit, toastPhotoError, usePhotoField } from '../upload/index.ts';
import { QuestPicture } from './quest-card.tsx';
import { QUEST_LOOK } from './quest-texts.ts';
import { useAnswerQuest } from './quests-api.ts';
import type { LivePosition, PositionStatus } from './use-live-position.ts';

const metresTo = (quest: Quest, at: { latitude: number; longitude: number }) =>
  distanceKm(at.latitude, at.longitude, quest.latitude, quest.longitude) * 1000;

/** The toast of a sent answer: what it paid, or that it waits for review. */
function toastAnswered(answer: QuestAnswer) {
  if (answer.held) {
    toast({
      title: 'Pending review',
      description: 'Your answer is held for review and pays once approved.',
    });
    return;
  }
  const find = answer.findTokens > 0 ? ` and ${answer.findTokens} for the find` : '';
  toast({
    title: 'Quest complete!',
    description: `You earned ${answer.tokens} tokens${find}.`,
  });
}

function Line({
  tone,
  icon,
  children,
  testId,
}: {
  tone: string;
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <p
      className={`flex items-start gap-2 rounded-xl border p-3 text-sm ${tone}`}
      role="status"
      data-testid={testId}
    >
      {icon}
      <span>{children}</span>
    </p>
  );
}

/**
 * Where the player stands against the quest: near enough to answer, how far to go, or what to
 * do for a location. The server checks the same distance (docs/decisions/043-quests.md).
 */
function DistanceLine({
  quest,
  position,
  status,
  onLocate,
}: {
  quest: Quest;
  position: LivePosition | null;
  status: PositionStatus;
  onLocate: () => void;
}) {
  if (!position) {
    if (status === 'locating') {
      return (
        <Line tone="border-line text-smoke" icon={<LoaderCircle className="size-4 animate-spin" />}>
          Finding where you are…
        </Line>
      );
    }
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-neon-amber/50 bg-neon-amber/10 p-3 text-sm text-amber-100">
        <span className="min-w-40 flex-1">
          {status === 'denied'
            ? 'Location is blocked for this site: allow it in your browser to answer quests.'
            : 'Quests are answered on the spot: share your location to answer.'}
        </span>
        {status !== 'denied' && (
          <Button type="button" size="sm" onClick={onLocate}>
            Allow Location
          </Button>
        )}
      </div>
    );
  }
  const metres = metresTo(quest, position);
  const radius = Math.round(answerRadiusM(position.accuracy));
  const accuracy = `GPS ±${Math.round(position.accuracy)} m`;
  return metres <= radius ? (
    <Line
      testId="quest-where"
      tone="border-neon-lime/50 bg-neon-lime/10 text-lime-100"
      icon={<CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />}
    >
      You are here: {distanceLabel(metres)} from it ({accuracy}).
    </Line>
  ) : (
    <Line
      testId="quest-where"
      tone="border-neon-amber/50 bg-neon-amber/10 text-amber-100"
      icon={<LocateFixed className="mt-0.5 size-4 shrink-0" aria-hidden />}
    >
      You are {distanceLabel(metres)} from {quest.title}. Quests are answered on the spot: come
      within {radius} m of it ({accuracy}).
    </Line>
  );
}

/** What the photo's own GPS says, once it is uploaded: the server refuses the same. */
function photoProblem(quest: Quest, location: PhotoLocation | null): string | null {
  if (!location) {
    return 'This photo does not say where it was taken. Take it with your camera, location on, standing at the quest.';
  }
  const metres = metresTo(quest, location);
  return metres > MAX_ANSWER_RADIUS_M
    ? `This photo was taken ${distanceLabel(metres)} from ${quest.title}: take it there, within ${MAX_ANSWER_RADIUS_M} m.`
    : null;
}

function AnswerForm({
  quest,
  position,
  status,
  onLocate,
  onBusyChange,
  onDone,
}: {
  quest: Quest;
  position: LivePosition | null;
  status: PositionStatus;
  onLocate: () => void;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const field = usePhotoField('discovery');
  const send = useAnswerQuest();
  const [artistName, setArtistName] = useState('');
  const artistId = useId();
  const busy = field.phase !== 'idle' || send.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const near = position !== null && metresTo(quest, position) <= answerRadiusM(position.accuracy);
  const naming = quest.kind === 'who_painted';
  const problem = field.photo ? photoProblem(quest, field.photo.location) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !near || !field.hasPhoto || (naming && !artistName.trim())) return;
    let photo;
    try {
      photo = await field.ensurePhoto();
    } catch (error) {
      toastPhotoError(error, 'Failed to upload image. Please try again.');
      return;
    }
    // Said under the photo; nothing is sent that the server would refuse for it.
    if (photoProblem(quest, photo.location) || !position) return;
    send.mutate(
      {
        kind: quest.kind,
        targetId: quest.targetId,
        key: crypto.randomUUID(),
        body: {
          latitude: position.latitude,
          longitude: position.longitude,
          accuracy: position.accuracy,
          imageUrl: photo.objectURL,
          ...(naming && { artistName: artistName.trim() }),
        },
      },
      {
        onSuccess: (answer) => {
          toastAnswered(answer);
          onDone();
        },
        onError: toastFailure('Not answered', 'Failed to answer the quest. Please try again.'),
      },
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DistanceLine quest={quest} position={position} status={status} onLocate={onLocate} />
      <PhotoField {...field.fieldProps} disabled={busy} />
      {problem && (
        <Line
          tone="border-rose-500/50 bg-rose-500/10 text-rose-100"
          icon={<TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
        >
          {problem}
        </Line>
      )}
      {naming && (
        <div className="grid gap-1.5">
          <Label htmlFor={artistId}>Who painted it?</Label>
          <Input
            id={artistId}
            value={artistName}
            maxLength={120}
            autoComplete="off"
            placeholder="The artist's name or tag"
            onChange={(event) => setArtistName(event.target.value)}
            disabled={busy}
          />
        </div>
      )}
      <PhotoSubmit
        size="lg"
        phase={field.phase}
        busy={busy}
        saving="Answering..."
        disabled={!near || !field.hasPhoto || problem !== null || (naming && !artistName.trim())}
      >
        Answer
      </PhotoSubmit>
    </form>
  );
}

/**
 * Answering a quest: the player's distance to it, their photo of it (the capture's uploader)
 * and, for "Who painted this?", the artist's name. It cannot be closed while the photo or the
 * answer is on its way.
 */
export function AnswerQuestDialog({
  quest,
  position,
  status,
  onLocate,
  onClose,
}: {
  quest: Quest | null;
  position: LivePosition | null;
  status: PositionStatus;
  onLocate: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const look = quest ? QUEST_LOOK[quest.kind] : null;
  // The form goes with the dialog: whatever it said of being busy goes too.
  const close = () => {
    setBusy(false);
    onClose();
  };
  return (
    <Dialog open={quest !== null} onOpenChange={(open) => !open && !busy && close()}>
      <DialogContent className="max-w-md" hideClose={busy}>
        {quest && look && (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <look.icon className={`size-5 shrink-0 ${look.tone}`} aria-hidden />
                {look.question}
              </DialogTitle>
              <div className="flex items-start gap-3">
                <QuestPicture quest={quest} className="size-14" />
                <DialogDescription>
                  <span className="block font-bold text-chalk">{quest.title}</span>
                  {look.ask} Your photo's own location must say you were there.
                </DialogDescription>
              </div>
            </DialogHeader>
            <AnswerForm
              key={`${quest.kind}:${quest.targetId}`}
              quest={quest}
              position={position}
              status={status}
              onLocate={onLocate}
              onBusyChange={setBusy}
              onDone={close}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
