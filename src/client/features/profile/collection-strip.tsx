import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Gem } from 'lucide-react';
import { Link } from 'wouter';
import { collectionQuery } from './api/profile.ts';
import { ItemIcon } from '../collection/index.ts';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

/** The NFT Collection at a glance on the profile: every item's tile, and a link to it all. */
export function CollectionStrip() {
  const { data, isPending, isError, refetch } = useQuery(collectionQuery);
  const collected = data?.filter((i) => i.unlocked).length ?? 0;
  return (
    <Section id="collection" title="NFT Collection" icon={Gem}>
      {isPending ? (
        <div role="status" aria-label="Loading the collection">
          <Skeleton className="h-14" />
        </div>
      ) : isError ? (
        <LoadError what="your collection" onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-smoke">
            {collected} of {data.length} collected
          </p>
          <ul className="grid grid-cols-7 gap-1.5">
            {data.map((item) => (
              <li key={item.id} data-unlocked={item.unlocked}>
                <ItemIcon item={item} size="sm" />
                <span className="sr-only">
                  {item.name}, {item.unlocked ? 'collected' : 'locked'}
                </span>
              </li>
            ))}
          </ul>
          <Link
            href="/collection"
            className={buttonVariants({ variant: 'outline', className: 'w-full' })}
          >
            View all<span className="sr-only"> collection items</span>
            <ChevronRight aria-hidden />
          </Link>
        </div>
      )}
    </Section>
  );
}
