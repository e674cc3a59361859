import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowDownAZ, LoaderCircle, LocateFixed, MapPinOff, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { legalWallPagesQuery } from '../../api/catalog.ts';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { formatNumber } from '../../lib/format.ts';
import { EmptyState, LoadError } from '../artists/index.ts';
import { CardListSkeleton } from './missions-skeleton.tsx';
import { WallCard } from './wall-card.tsx';

type Order = 'name' | 'near';

const ORDERS: { value: Order; label: string; icon: LucideIcon }[] = [
  { value: 'name', label: 'A–Z', icon: ArrowDownAZ },
  { value: 'near', label: 'Nearest', icon: LocateFixed },
];

/** Asked for before the last card comes into view, so scrolling rarely waits. */
const LOAD_AHEAD = '600px';

/**
 * The Legal Walls list a page at a time (docs/decisions/026, "The list at any size"): by name,
 * or closest first once the player's location is known (at once when they allowed it before),
 * searched by the server.
 */
export function useWallList(search: string) {
  const geo = useGeolocation();
  const [chosen, setChosen] = useState<Order | null>(null);
  const order: Order = chosen ?? (geo.source === 'device' ? 'near' : 'name');
  const from = order === 'near' ? geo.location : null;
  const pages = useInfiniteQuery({
    ...legalWallPagesQuery(search, from),
    // Closest first waits for the location; the list shown so far stays meanwhile.
    enabled: order === 'name' || from !== null,
  });
  const choose = (next: Order) => {
    setChosen(next);
    if (next === 'near') geo.requestLocation();
  };
  return {
    pages,
    items: pages.data?.pages.flatMap((p) => p.items) ?? [],
    total: pages.data?.pages[0]?.total ?? 0,
    order,
    choose,
    locating: order === 'near' && from === null,
    fallback: order === 'near' && geo.source === 'fallback',
  };
}

type WallList = ReturnType<typeof useWallList>;

export function WallsTab({ list, searching }: { list: WallList; searching: string }) {
  const { pages, items, total } = list;
  return (
    <div className="grid gap-4">
      <OrderChoice list={list} />
      {pages.isPending ? (
        <CardListSkeleton label="Loading legal walls" />
      ) : pages.isError && items.length === 0 ? (
        <LoadError what="legal walls" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={MapPinOff} title="No Legal Walls Found">
          {searching
            ? `Nothing matches “${searching}”. Try a wall name or a city.`
            : 'No legal walls are listed yet.'}
        </EmptyState>
      ) : (
        <>
          <ul
            className="grid gap-4 transition-opacity md:grid-cols-2 aria-busy:opacity-60"
            aria-busy={pages.isPlaceholderData || undefined}
          >
            {items.map((w) => (
              <li key={w.id} className="grid">
                <WallCard wall={w} />
              </li>
            ))}
          </ul>
          {pages.isFetchNextPageError && (
            <LoadError
              what="more legal walls"
              error={pages.error}
              onRetry={() => void pages.fetchNextPage()}
            />
          )}
          {pages.hasNextPage && !pages.isFetchNextPageError && <MoreWalls pages={pages} />}
          <p className="text-center text-sm text-smoke" aria-live="polite">
            Showing {formatNumber(items.length)} of {formatNumber(Math.max(total, items.length))}
          </p>
        </>
      )}
    </div>
  );
}

/** A–Z or closest first, and what the order is measured from. */
function OrderChoice({ list }: { list: WallList }) {
  const { order, choose, locating, fallback } = list;
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <legend className="sr-only">Order of the walls</legend>
      <div className="flex gap-2">
        {ORDERS.map(({ value, label, icon: Icon }) => (
          <ChoiceChip
            key={value}
            name="wall-order"
            value={value}
            checked={order === value}
            onChange={() => choose(value)}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </ChoiceChip>
        ))}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-smoke" aria-live="polite">
        {locating && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {order === 'name'
          ? 'By name'
          : locating
            ? 'Finding your location…'
            : fallback
              ? 'Closest to the Gold Coast first: your location is unavailable'
              : 'Closest to you first'}
      </p>
    </fieldset>
  );
}

/**
 * The next page: on its own as the button comes near the screen (infinite scroll), or by the
 * button, which keyboard and screen-reader users reach as usual.
 */
function MoreWalls({ pages }: { pages: WallList['pages'] }) {
  const button = useRef<HTMLButtonElement>(null);
  const { fetchNextPage, isFetchingNextPage } = pages;
  const loaded = pages.data?.pages.length ?? 0;
  // Watched again once each page has come: still near the screen (a tall one) asks for the next.
  useEffect(() => {
    const target = button.current;
    if (!target || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const watcher = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: LOAD_AHEAD },
    );
    watcher.observe(target);
    return () => watcher.disconnect();
  }, [loaded, isFetchingNextPage, fetchNextPage]);
  return (
    <Button
      ref={button}
      variant="outline"
      size="lg"
      className="justify-self-center"
      onClick={() => void fetchNextPage()}
      disabled={isFetchingNextPage}
      aria-busy={isFetchingNextPage || undefined}
    >
      {isFetchingNextPage && <LoaderCircle className="animate-spin" aria-hidden />}
      {isFetchingNextPage ? 'Loading…' : 'Show more walls'}
    </Button>
  );
}
