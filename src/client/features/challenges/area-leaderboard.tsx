import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import type { AreaRank, ChallengeArea } from '../../../core/schemas/challenges.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { cn } from '../../lib/cn.ts';
import { formatNumber, plural } from '../../lib/format.ts';
import { areaBoardQuery } from './challenges-api.ts';

function RankRow({ entry }: { entry: AreaRank }) {
  return (
    <li
      data-rank={entry.rank}
      aria-current={entry.isCurrentUser ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-xl border border-transparent p-2.5',
        entry.rank === 1 && 'border-amber-400/70 bg-amber-400/10',
        entry.isCurrentUser && 'border-neon-pink/60 bg-neon-pink/10',
      )}
    >
      <span className="grid h-10 min-w-10 shrink-0 place-items-center rounded-full bg-concrete px-1.5 text-sm font-bold tabular-nums">
        <span className="sr-only">Rank </span>
        {formatNumber(entry.rank)}
      </span>
      <p className="min-w-0 flex-1 font-bold [overflow-wrap:anywhere]">
        {entry.username}
        {entry.isCurrentUser && <span className="text-neon-pink"> (You)</span>}
      </p>
      <span className="shrink-0 text-sm font-bold text-neon-cyan tabular-nums">
        {plural(entry.finds, 'find', 'finds')}
      </span>
    </li>
  );
}

/** The week's standings in one area: the top 10, then the player's own row when outside it. */
function Board({ areaId }: { areaId: string }) {
  const { data, isPending, isError, refetch } = useQuery(areaBoardQuery(areaId));
  if (isPending) {
    return (
      <div className="grid gap-2" aria-label="Loading this week’s rankings">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  }
  if (isError) return <LoadError what="this week’s rankings" onRetry={() => void refetch()} />;
  if (data.top.length === 0) {
    return (
      <EmptyState icon={MapPin} title="No finds here this week yet">
        Find a piece in {data.area.name} to lead its board.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-2">
      <ol className="flex flex-col gap-1" aria-label={`This week in ${data.area.name}`}>
        {data.top.map((entry) => (
          <RankRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {data.me && (
        <div>
          <div aria-hidden className="my-2 flex items-center gap-2 text-xs text-smoke">
            <span className="h-px flex-1 bg-line" />
            You: #{formatNumber(data.me.rank)} of {formatNumber(data.players)}
            <span className="h-px flex-1 bg-line" />
          </div>
          <ol aria-label="Your position">
            <RankRow entry={data.me} />
          </ol>
        </div>
      )}
      <p className="text-xs text-smoke">
        Counted finds inside the area since Monday 00:00 local time; the same count ranks who
        reached it first. Finds inside a player’s hidden home never count here.
      </p>
    </div>
  );
}

/**
 * "This week in <area>": an area picker over that area's weekly leaderboard. The areas come
 * closest first when the caller knows where the player is.
 */
export function AreaWeekBoard({
  areas,
  areaId,
  onAreaChange,
}: {
  areas: ChallengeArea[];
  areaId: string;
  onAreaChange: (id: string) => void;
}) {
  const area = areas.find((a) => a.id === areaId);
  return (
    <div className="grid gap-3">
      <Select value={areaId} onValueChange={onAreaChange}>
        <SelectTrigger aria-label="Area">
          <SelectValue>{area ? `This week in ${area.name}` : 'Choose an area'}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {areas.map((a) => (
            <SelectItem key={a.id} value={a.id}>
              {a.name}, {a.city}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Board areaId={areaId} />
    </div>
  );
}
