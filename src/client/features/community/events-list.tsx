import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CalendarOff, Coins, Gem, Gift, Zap } from 'lucide-react';
import type { CommunityEvent } from '../../../core/schemas/community.ts';
import { eventsQuery } from './community-api.ts';
import { formatEventEnd, formatNumber } from '../../lib/format.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';

const STATUS = {
  active: { label: 'Active', variant: 'lime' },
  upcoming: { label: 'Upcoming', variant: 'cyan' },
  ended: { label: 'Ended', variant: 'outline' },
} as const;

/** SPEC §2 'Live Events & Missions'. */
export function EventsList() {
  const { data, isPending, isError, refetch } = useQuery(eventsQuery);
  return (
    <Section id="events" title="Live Events & Missions" icon={Zap}>
      {isPending ? (
        <div className="grid grid-cols-1 gap-3" aria-label="Loading events">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : isError ? (
        <LoadError what="events" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState icon={CalendarOff} title="No active events">
          New events and missions show up here. Check back soon.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {data.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * SPEC §2: the reward reads '<n> tokens', or the NFT's name, or 'TBD'. An event offering both
 * shows both (tokens first), so no reward is hidden.
 */
function Reward({ event }: { event: CommunityEvent }) {
  const { rewardTokens, rewardNft } = event;
  if (rewardTokens === null && !rewardNft) {
    return (
      <span className="flex items-center gap-1.5 text-smoke">
        <Gift className="size-4" aria-hidden />
        Reward: TBD
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="sr-only">Reward:</span>
      {rewardTokens !== null && (
        <span className="flex items-center gap-1.5 font-bold text-neon-amber">
          <Coins className="size-4" aria-hidden />
          {formatNumber(rewardTokens)} tokens
        </span>
      )}
      {rewardNft && (
        <span className="flex items-center gap-1.5 font-bold text-violet-300">
          <Gem className="size-4" aria-hidden />
          {rewardNft}
        </span>
      )}
    </span>
  );
}

function EventCard({ event }: { event: CommunityEvent }) {
  const status = STATUS[event.status] ?? STATUS.ended;
  const ended = event.status === 'ended';
  return (
    <li
      className={
        ended
          ? 'rounded-xl border border-line bg-wall/50 p-4'
          : 'rounded-xl border border-line bg-wall/70 p-4 shadow-[inset_3px_0_0] shadow-neon-pink'
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-bold break-words">{event.title}</h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="mt-1.5 text-sm leading-relaxed text-smoke">{event.description}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <span className="flex items-center gap-1.5 text-chalk">
          <CalendarClock className="size-4 text-neon-cyan" aria-hidden />
          {event.endDate ? (
            <time dateTime={event.endDate}>{formatEventEnd(event.endDate, ended)}</time>
          ) : (
            formatEventEnd(null)
          )}
        </span>
        <Reward event={event} />
      </div>
    </li>
  );
}
