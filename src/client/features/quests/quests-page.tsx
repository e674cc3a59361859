import { useQuery } from '@tanstack/react-query';
import { Compass, LoaderCircle, LocateFixed, Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { distanceKm } from '../../../core/geo.ts';
import { QUEST_RULES } from '../../../core/quests.ts';
import type { Quest } from '../../../core/schemas/quests.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { AnswerQuestDialog } from './answer-quest-dialog.tsx';
import { QuestCard } from './quest-card.tsx';
import { questsQuery } from './quests-api.ts';
import { useLivePosition, type LivePosition, type PositionStatus } from './use-live-position.ts';

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-3" aria-label={label} aria-busy="true">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

/** Closest first from where the player stands now (the list was asked for a block ago). */
function byDistance(quests: Quest[], at: LivePosition) {
  return quests
    .map((quest) => ({
      quest,
      km: distanceKm(at.latitude, at.longitude, quest.latitude, quest.longitude),
    }))
    .sort((a, b) => a.km - b.km || a.quest.targetId.localeCompare(b.quest.targetId));
}

/** Before there is a position: why it is needed, and the way to give it. */
function LocationGate({ status, onAllow }: { status: PositionStatus; onAllow: () => void }) {
  if (status === 'locating') return <ListSkeleton label="Finding where you are" />;
  const text =
    status === 'denied'
      ? 'Location is blocked for this site. Allow it in your browser settings to see the quests around you.'
      : status === 'unavailable'
        ? 'Your device could not say where you are. Step outside or check that location is on, then try again.'
        : `Share your location to see the quests within a ${QUEST_RULES.searchRadiusKm} km walk of you.`;
  return (
    <EmptyState icon={LocateFixed} title="Where are you?">
      <p>{text}</p>
      {status !== 'denied' && (
        <Button className="mt-3" onClick={onAllow}>
          {status === 'unavailable' ? 'Try again' : 'Allow Location'}
        </Button>
      )}
    </EmptyState>
  );
}

/**
 * Quests near you (/quests, docs/decisions/043-quests.md): a few small questions about the art
 * and walls around the player, closest first, each answered on the spot with a photo. The list
 * follows the player as they walk; distances are from where they stand now.
 */
export default function QuestsPage() {
  const { status, position, start } = useLivePosition();
  const quests = useQuery(questsQuery(position));
  useRequireAuthRedirect(quests.error);
  const [answering, setAnswering] = useState<Quest | null>(null);
  const list = quests.data?.quests ?? [];

  return (
    <PageShell title="Quests near you">
      <div className="mx-auto grid max-w-4xl gap-4">
        <p className="text-sm text-smoke">
          Small questions about the art and walls around you. Go there, answer with a photo, and
          earn tokens: each quest pays once.
        </p>
        {!position ? (
          <LocationGate status={status} onAllow={start} />
        ) : quests.isPending ? (
          <ListSkeleton label="Loading quests near you" />
        ) : quests.isError ? (
          <LoadError what="quests near you" onRetry={() => void quests.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={Compass} title="No quests around here">
            <p>
              Everything within {QUEST_RULES.searchRadiusKm} km has a photo, a name and a recent
              visit. Walk on to another neighbourhood, or come back later: a piece asks again once
              nobody has seen it for six months.
            </p>
            <Button asChild variant="outline" className="mt-3">
              <Link href="/">
                <MapIcon aria-hidden />
                Open the map
              </Link>
            </Button>
          </EmptyState>
        ) : (
          <>
            <p className="flex items-center gap-2 text-xs text-smoke" role="status">
              {quests.isFetching ? (
                <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
              ) : (
                <LocateFixed className="size-3.5 text-neon-cyan" aria-hidden />
              )}
              {list.length} {list.length === 1 ? 'quest' : 'quests'} within{' '}
              {QUEST_RULES.searchRadiusKm} km · GPS ±{Math.round(position.accuracy)} m
            </p>
            <ul className="grid gap-3 md:grid-cols-2">
              {byDistance(list, position).map(({ quest, km }) => (
                <QuestCard
                  key={`${quest.kind}:${quest.targetId}`}
                  quest={quest}
                  distanceKm={km}
                  onAnswer={() => setAnswering(quest)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      <AnswerQuestDialog
        quest={answering}
        position={position}
        status={status}
        onLocate={start}
        onClose={() => setAnswering(null)}
      />
    </PageShell>
  );
}
