import { Skeleton } from '../../components/ui/skeleton.tsx';

export function ChartSkeleton() {
  return (
    <div role="status" aria-label="Loading colours" className="grid gap-6">
      {[0, 1].map((g) => (
        <div key={g} className="grid gap-3">
          <Skeleton className="h-6 w-32" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-28 rounded-2xl" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
