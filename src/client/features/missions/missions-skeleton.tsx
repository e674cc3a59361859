import { Skeleton } from '../../components/ui/skeleton.tsx';

/** The shape of the mission / wall cards while the lists load. */
export function CardListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="grid gap-3 rounded-2xl border border-line bg-brick/90 p-4">
          <div className="flex gap-4">
            <Skeleton className="size-14 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-5 w-16 rounded-full" />
            </div>
          </div>
          <Skeleton className="h-4" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-11 w-40" />
        </div>
      ))}
    </div>
  );
}
