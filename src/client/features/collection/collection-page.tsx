import { useQuery } from '@tanstack/react-query';
import { Check, Gem } from 'lucide-react';
import type { CollectionItem } from '../../../core/schemas/profile.ts';
import { collectionQuery } from '../profile/index.ts';
import { ItemIcon } from './item-icon.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { LoadError } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { cn } from '../../lib/cn.ts';

/**
 * NFT Collection (/collection, the side menu's item): the starter items from character creation
 * and the ones that unlock with achievements and discoveries, each locked one saying how to get
 * it. What is unlocked comes from the server (GET /api/profile/collection).
 */
export default function Collection() {
  const { data, isPending, isError, error, refetch } = useQuery(collectionQuery);
  useRequireAuthRedirect(error);
  return (
    <PageShell title="NFT Collection">
      {isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading the collection">
          <Skeleton className="h-24" />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-36" />
            ))}
          </div>
        </div>
      ) : isError ? (
        <LoadError what="your collection" onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-6">
          <Summary items={data} />
          <ItemGroup
            id="starter-items"
            title="Starter collection"
            note="From your character creation."
            items={data.filter((i) => i.starter)}
            className="sm:grid-cols-2 lg:grid-cols-3"
          />
          <ItemGroup
            id="earned-items"
            title="Unlock as you play"
            note="Achievements and discoveries earn these."
            items={data.filter((i) => !i.starter)}
            className="sm:grid-cols-2"
          />
        </div>
      )}
    </PageShell>
  );
}

function Summary({ items }: { items: CollectionItem[] }) {
  const collected = items.filter((i) => i.unlocked).length;
  return (
    <section
      aria-labelledby="collection-summary"
      className="grid gap-3 rounded-2xl border border-line bg-brick/90 p-4 shadow-lg sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="collection-summary" className="flex items-center gap-2 font-display text-lg">
          <Gem className="size-5 text-neon-cyan" aria-hidden />
          {collected} of {items.length} collected
        </h2>
        <p className="text-sm text-smoke">Starter items, and more that unlock as you play.</p>
      </div>
      <Meter current={collected} target={items.length} label="Collection complete" />
    </section>
  );
}

function ItemGroup({
  id,
  title,
  note,
  items,
  className,
}: {
  id: string;
  title: string;
  note: string;
  items: CollectionItem[];
  className: string;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="font-display text-lg">
          {title}
        </h2>
        <p className="text-sm text-smoke">{note}</p>
      </div>
      <ul className={cn('grid grid-cols-1 gap-3', className)}>
        {items.map((item) => (
          <ItemCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function Meter({ current, target, label }: { current: number; target: number; label: string }) {
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={target}
      aria-valuenow={current}
      className="h-2 overflow-hidden rounded-full bg-concrete"
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-neon-pink to-neon-violet"
        style={{ width: `${(100 * current) / Math.max(target, 1)}%` }}
      />
    </div>
  );
}

function ItemCard({ item }: { item: CollectionItem }) {
  const headingId = `item-${item.id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-unlocked={item.unlocked}
      className={cn(
        'flex gap-4 rounded-2xl border bg-brick/90 p-4 shadow-lg',
        item.unlocked ? 'border-line' : 'border-dashed border-line/80',
      )}
    >
      <ItemIcon item={item} />
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <h3 id={headingId} className={cn('font-bold', !item.unlocked && 'text-smoke')}>
          {item.name}
        </h3>
        <p className="text-sm text-smoke">{item.description}</p>
        {item.unlocked ? (
          <p className="flex items-center gap-1 text-sm font-bold text-neon-lime">
            <Check className="size-4" aria-hidden />
            Collected
          </p>
        ) : (
          <div className="grid gap-1.5">
            <p className="text-sm font-bold text-smoke">Locked</p>
            <p className="text-sm text-chalk">{item.howToUnlock}</p>
            {item.progress && (
              <div className="grid gap-1">
                <Meter
                  current={item.progress.current}
                  target={item.progress.target}
                  label={`${item.name} progress`}
                />
                <p className="text-xs text-smoke">
                  {item.progress.current} of {item.progress.target} discoveries
                </p>
              </div>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
