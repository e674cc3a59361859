import { useQuery } from '@tanstack/react-query';
import { ChevronRight, MapPinned } from 'lucide-react';
import { Link } from 'wouter';
import type { UserDiscovery } from '../../../core/schemas/discoveries.ts';
import { myDiscoveriesQuery } from './api/profile.ts';
import { formatDate } from '../../lib/format.ts';
import { DiscoveryListSkeleton, NoDiscoveriesYet } from '../discoveries/index.ts';
import { DiscoveryThumb } from '../discoveries/index.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

/** SPEC §9: five rows, each with a fixed '+15 XP'. */
export const RECENT_DISCOVERIES = 5;
export const DISCOVERY_XP = 15;

/** SPEC §2 'Recent Discoveries': the player's five newest (the API answers newest first). */
export function RecentDiscoveries() {
  const { data, isPending, isError, refetch } = useQuery(myDiscoveriesQuery);
  return (
    <Section
      id="recent-discoveries"
      title="Recent Discoveries"
      icon={MapPinned}
      action={
        data && data.length > 0 ? (
          <Link
            href="/discoveries"
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
          >
            View all<span className="sr-only"> discoveries</span>
            <ChevronRight aria-hidden />
          </Link>
        ) : undefined
      }
    >
      {isPending ? (
        <DiscoveryListSkeleton rows={3} />
      ) : isError ? (
        <LoadError what="your discoveries" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <NoDiscoveriesYet />
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {data.slice(0, RECENT_DISCOVERIES).map((d) => (
            <DiscoveryRow key={d.id} discovery={d} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function DiscoveryRow({ discovery }: { discovery: UserDiscovery }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-wall/60 p-2">
      <DiscoveryThumb discovery={discovery} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold">{discovery.name}</p>
        <p className="text-sm text-smoke">
          <time dateTime={discovery.createdAt}>{formatDate(discovery.createdAt)}</time>
        </p>
      </div>
      <span className="shrink-0 rounded-full bg-neon-lime/15 px-2.5 py-1 text-sm font-bold text-neon-lime">
        +{DISCOVERY_XP} XP
      </span>
    </li>
  );
}
