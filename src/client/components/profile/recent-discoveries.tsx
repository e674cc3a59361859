import { useQuery } from '@tanstack/react-query';
import { Compass, MapPinned } from 'lucide-react';
import { Link } from 'wouter';
import type { UserDiscovery } from '../../../core/schemas/discoveries.ts';
import { myDiscoveriesQuery } from '../../api/profile.ts';
import { formatDate } from '../../lib/format.ts';
import { PinIcon } from '../pins/pin-icon.tsx';
import { PIN_STYLES, pinKindOf } from '../pins/pin-kinds.ts';
import { buttonVariants } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { EmptyState, LoadError, Section } from './section.tsx';

/** SPEC §9: five rows, each with a fixed '+15 XP'. */
export const RECENT_DISCOVERIES = 5;
export const DISCOVERY_XP = 15;

/** SPEC §2 'Recent Discoveries': the player's five newest (the API answers newest first). */
export function RecentDiscoveries() {
  const { data, isPending, isError, refetch } = useQuery(myDiscoveriesQuery);
  return (
    <Section id="recent-discoveries" title="Recent Discoveries" icon={MapPinned}>
      {isPending ? (
        <ul className="grid grid-cols-1 gap-2" aria-label="Loading discoveries">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex items-center gap-3">
              <Skeleton className="size-14 shrink-0" />
              <div className="grid grid-cols-1 flex-1 gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </li>
          ))}
        </ul>
      ) : isError ? (
        <LoadError what="your discoveries" onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState icon={Compass} title="No discoveries yet">
          <p>Find a piece of street art, photograph it and pin it to earn tokens.</p>
          <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-3' })}>
            Open the map
          </Link>
        </EmptyState>
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

/** A discovery without a photo shows its pin as a tile. */
function PinTile({ pin }: { pin: string }) {
  const kind = pinKindOf(pin);
  return (
    <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-neon-violet/50 to-neon-pink/40">
      <PinIcon kind={kind} height={36} label={`Pin: ${PIN_STYLES[kind].label}`} />
    </span>
  );
}

function DiscoveryRow({ discovery }: { discovery: UserDiscovery }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-wall/60 p-2">
      {discovery.imageUrl ? (
        <img
          src={discovery.imageUrl}
          alt=""
          loading="lazy"
          className="size-14 shrink-0 rounded-lg bg-concrete object-cover"
        />
      ) : (
        <PinTile pin={discovery.emojiPin} />
      )}
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
