import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queuePagesQuery, type QueueName, type QueuePages } from './moderation-api.ts';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { LoadError } from '../../components/ui/section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/**
 * One queue, newest first, a page at a time (docs/decisions/046): its first page, then "Show
 * more" for the next. `empty` stands in for a queue with nothing waiting.
 */
export function QueueList<Q extends QueueName>({
  queue,
  label,
  empty,
  children,
}: {
  queue: Q;
  label: string;
  empty: ReactNode;
  children: (item: QueuePages[Q]['items'][number]) => ReactNode;
}) {
  const pages = useInfiniteQuery(queuePagesQuery(queue));
  useRequireAuthRedirect(pages.error);
  if (pages.isPending) return <Skeleton className="h-40" />;
  if (pages.isError) return <LoadError what="this queue" onRetry={() => void pages.refetch()} />;
  type Item = QueuePages[Q]['items'][number];
  const items = pages.data.pages.flatMap((p): Item[] => p.items);
  if (items.length === 0) return empty;
  const total = pages.data.pages[0]?.total ?? items.length;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={label}>
        {items.map(children)}
      </ul>
      {pages.hasNextPage && (
        <div className="grid gap-2 text-center">
          <p className="text-sm text-smoke">
            Showing {items.length} of {total}
          </p>
          <Button
            variant="secondary"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
