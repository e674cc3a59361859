import { useQuery } from '@tanstack/react-query';
import { Crown, Trophy } from 'lucide-react';
import { useState } from 'react';
import { HIDDEN_PLAYER } from '../../../core/content-reports.ts';
import type { LeaderboardEntry } from '../../../core/schemas/community.ts';
import { leaderboardQuery } from './community-api.ts';
import { cn } from '../../lib/cn.ts';
import { ReportMenu } from '../moderation/index.ts';
import { ThisWeekBoard } from '../challenges/index.ts';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import { formatNumber, formatXp, plural } from '../../lib/format.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';

/** Medal colours for the podium; rank 1 also gets the crown and the gold row. */
const PODIUM: Record<number, string> = {
  1: 'bg-gradient-to-br from-yellow-300 to-amber-500 text-amber-950',
  2: 'bg-gradient-to-br from-zinc-200 to-zinc-400 text-zinc-900',
  3: 'bg-gradient-to-br from-orange-300 to-orange-600 text-orange-950',
};

function Rank({ rank }: { rank: number }) {
  if (rank === 1) {
    return (
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-full', PODIUM[1])}>
        <Crown className="size-5" role="img" aria-label="Rank 1, first place" />
      </span>
    );
  }
  return (
    <span
      className={cn(
        'grid h-10 min-w-10 shrink-0 place-items-center rounded-full px-1.5 text-sm font-bold tabular-nums',
        PODIUM[rank] ?? 'bg-concrete text-chalk',
      )}
    >
      <span className="sr-only">Rank </span>
      {formatNumber(rank)}
    </span>
  );
}

function Row({ entry }: { entry: LeaderboardEntry }) {
  const first = entry.rank === 1;
  return (
    <li
      data-rank={entry.rank}
      aria-current={entry.isCurrentUser ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl border p-2.5',
        first
          ? 'border-amber-400/70 bg-amber-400/10 shadow-[0_0_22px_-8px] shadow-amber-400'
          : 'border-transparent',
        entry.isCurrentUser && !first && 'border-neon-pink/60 bg-neon-pink/10',
        entry.isCurrentUser && first && 'ring-2 ring-neon-pink/60',
      )}
    >
      <Rank rank={entry.rank} />
      <div className="min-w-0 flex-1">
        {/* A long name wraps rather than being cut: a player must find their own in full. */}
        <p className={cn('font-bold [overflow-wrap:anywhere]', first && 'text-amber-200')}>
          {entry.username}
          {entry.isCurrentUser && <span className="text-neon-pink"> (You)</span>}
        </p>
        <p className="text-xs text-smoke">
          Level {formatNumber(entry.level)}
          {entry.firstFinds > 0 && ` · ${plural(entry.firstFinds, 'first find', 'first finds')}`}
        </p>
      </div>
      <span
        className={cn(
          'shrink-0 text-sm font-bold tabular-nums',
          first ? 'text-amber-200' : 'text-neon-cyan',
        )}
      >
        {formatXp(entry.score)}
      </span>
      {!entry.isCurrentUser && entry.username !== HIDDEN_PLAYER ? (
        <ReportMenu
          targets={[{ targetType: 'profile', targetId: entry.id }]}
          subject={entry.username}
          className="-my-1 -mr-1"
        />
      ) : (
        // Keeps the scores in one column, menu or not.
        <span aria-hidden className="-my-1 -mr-1 size-11 shrink-0" />
      )}
    </li>
  );
}

/**
 * SPEC §2 'Top Explorers': the top 100 by score. A player outside it gets their own row, with
 * its real rank, after a separator (the API appends it as the last element).
 */
export function Leaderboard({ className }: { className?: string }) {
  const { data, isPending, isError, refetch } = useQuery(leaderboardQuery);
  // All time (SPEC's Top Explorers), or this week in one area (docs/decisions/045).
  const [view, setView] = useState<'all' | 'week'>('all');
  // Ranks run 1, 2, 3…; the first gap marks the appended entry of a player outside the top.
  const gap = data?.findIndex((e, i) => i > 0 && e.rank !== data[i - 1]!.rank + 1) ?? -1;
  const top = gap === -1 ? (data ?? []) : data!.slice(0, gap);
  const mine = gap === -1 ? [] : data!.slice(gap);
  return (
    <Section id="leaderboard" title="Top Explorers" icon={Trophy} className={className}>
      <div role="radiogroup" aria-label="Rankings" className="mb-3 grid grid-cols-2 gap-2">
        {(['all', 'week'] as const).map((v) => (
          <ChoiceChip
            key={v}
            name="rankings"
            value={v}
            checked={view === v}
            onChange={() => setView(v)}
            compact
          >
            {v === 'all' ? 'All time' : 'This week'}
          </ChoiceChip>
        ))}
      </div>
      {view === 'week' ? (
        <ThisWeekBoard />
      ) : isPending ? (
        <div className="grid grid-cols-1 gap-2" aria-label="Loading rankings">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : isError ? (
        <LoadError what="the rankings" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState icon={Trophy} title="No rankings yet">
          Discover street art to earn XP and claim the top spot.
        </EmptyState>
      ) : (
        <>
          <ol
            className="-mr-2 flex flex-col gap-1 pr-2 lg:max-h-[calc(100dvh-14rem)] lg:overflow-y-auto"
            aria-label="Top explorers by XP"
            tabIndex={0}
          >
            {top.map((entry) => (
              <Row key={entry.id} entry={entry} />
            ))}
          </ol>
          {mine.length > 0 && (
            <div className="mt-2">
              <div aria-hidden className="my-2 flex items-center gap-2 text-xs text-smoke">
                <span className="h-px flex-1 bg-line" />
                Your position
                <span className="h-px flex-1 bg-line" />
              </div>
              <ol aria-label="Your position">
                {mine.map((entry) => (
                  <Row key={entry.id} entry={entry} />
                ))}
              </ol>
            </div>
          )}
        </>
      )}
    </Section>
  );
}
