import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '../../components/ui/section.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';

/** A player's discoveries list before its first answer: rows of thumb and two lines. */
export function DiscoveryListSkeleton({ rows, className }: { rows: number; className?: string }) {
  return (
    <ul className={cn('grid grid-cols-1 gap-2', className)} aria-label="Loading discoveries">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <Skeleton className="size-14 shrink-0" />
          <div className="grid grid-cols-1 flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The player has no discoveries yet: say how to make one, and open the map. */
export function NoDiscoveriesYet() {
  return (
    <EmptyState icon={Compass} title="No discoveries yet">
      <p>Find a piece of street art, photograph it and pin it to earn tokens.</p>
      <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-3' })}>
        Open the map
      </Link>
    </EmptyState>
  );
}
