import { Skeleton } from '../ui/skeleton.tsx';

/** Shown while a screen's code or first data loads: the shape of a page, never a blank. */
export function PageSkeleton() {
  return (
    <div className="wall-texture min-h-dvh p-4" role="status" aria-label="Loading">
      <div className="mx-auto grid max-w-3xl gap-4">
        <Skeleton className="h-14" />
        <Skeleton className="h-32" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      </div>
    </div>
  );
}
