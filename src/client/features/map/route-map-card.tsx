import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { configQuery } from '../../api/config.ts';
import { LazyBoundary, lazyPart } from '../../components/ui/lazy-boundary.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { RouteStop } from './view/route-map.tsx';

// Its own chunk, loaded by a page that shows the map: MapLibre comes with it.
const RouteMap = lazyPart(() => import('./view/route-map.tsx'));

/**
 * A page's small map of places (a tour's stops, an artist's pieces). Where the map cannot start
 * (no WebGL, its code not here) it says so and the page's list beside it names every place; tiles
 * that cannot load leave the offline basemap beneath the pins.
 */
export function RouteMapCard({
  stops,
  line,
  listed,
  className,
}: {
  stops: RouteStop[];
  line?: boolean;
  /** What the list below holds, e.g. "stops" or "pieces". */
  listed: string;
  className: string;
}) {
  const sources = useQuery(configQuery).data?.map;
  const [failed, setFailed] = useState(false);
  const unavailable = (
    <div className={`${className} grid place-items-center bg-wall/70 p-4 text-center text-sm`}>
      <p className="text-smoke">The map could not be shown here. The {listed} are listed below.</p>
    </div>
  );
  if (failed) return unavailable;
  if (!sources) return <Skeleton className={className} />;
  return (
    <LazyBoundary loading={<Skeleton className={className} />} fallback={() => unavailable}>
      <RouteMap
        sources={sources}
        line={line}
        stops={stops}
        onFail={(error) => {
          console.warn('Map unavailable:', error);
          setFailed(true);
        }}
        className={className}
      />
    </LazyBoundary>
  );
}
