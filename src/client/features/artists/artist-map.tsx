import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ArtistPiece } from '../../../core/schemas/artists.ts';
import { configQuery } from '../../api/config.ts';
import { LazyBoundary } from '../../components/ui/lazy-boundary.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { RouteMap } from '../map/index.ts';

const MAP_BOX = 'h-64 rounded-2xl border border-line sm:h-80';

/**
 * An artist's pieces on a small map, numbered as the list beside it. Where the map cannot start
 * (no WebGL, its code not here) the list still names every piece; tiles that cannot load leave
 * the offline basemap beneath the pins.
 */
export function ArtistMap({ pieces }: { pieces: ArtistPiece[] }) {
  const sources = useQuery(configQuery).data?.map;
  const [failed, setFailed] = useState(false);
  const unavailable = (
    <div className={`${MAP_BOX} grid place-items-center bg-wall/70 p-4 text-center text-sm`}>
      <p className="text-smoke">The map could not be shown here. The pieces are listed below.</p>
    </div>
  );
  if (failed) return unavailable;
  if (!sources) return <Skeleton className={MAP_BOX} />;
  return (
    <LazyBoundary loading={<Skeleton className={MAP_BOX} />} fallback={() => unavailable}>
      <RouteMap
        sources={sources}
        line={false}
        stops={pieces.map((p) => ({
          latitude: p.latitude,
          longitude: p.longitude,
          title: p.title,
          found: false,
        }))}
        onFail={(error) => {
          console.warn('Artist map unavailable:', error);
          setFailed(true);
        }}
        className={MAP_BOX}
      />
    </LazyBoundary>
  );
}
