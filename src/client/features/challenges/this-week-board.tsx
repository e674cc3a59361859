import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { MapPin } from 'lucide-react';
import { AreaWeekBoard } from './area-leaderboard.tsx';
import { challengeAreasQuery } from './challenges-api.ts';

/**
 * The leaderboard's "This week" view: the area closest to the player (when the browser already
 * knows where they are) or the first by city, and a picker for the others.
 */
export function ThisWeekBoard() {
  const { location, source } = useGeolocation();
  const areas = useQuery(challengeAreasQuery(source === 'device' ? location : null));
  const [picked, setPicked] = useState<string | null>(null);
  if (areas.isPending) return <Skeleton className="h-40" aria-label="Loading areas" />;
  if (areas.isError) return <LoadError what="the areas" onRetry={() => void areas.refetch()} />;
  const areaId = picked ?? areas.data[0]?.id;
  if (!areaId) {
    return <EmptyState icon={MapPin} title="No areas yet" />;
  }
  return <AreaWeekBoard areas={areas.data} areaId={areaId} onAreaChange={setPicked} />;
}
