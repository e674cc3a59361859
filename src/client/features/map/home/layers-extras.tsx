import { Suspense, type ComponentProps } from 'react';
import type { MapFilters } from '../layers/artwork-map-api.ts';
import type { Waypoint } from './gpx.ts';
import { ExportGpxButton } from './export-gpx.tsx';
import { MapFiltersPanel, SavedAreasSection } from './on-demand.tsx';

/** Under the map's layers: what the map shows, the GPX export, and the areas kept offline. */
export function LayersExtras({
  filters,
  onFilters,
  isPro,
  waypoints,
  savedAreas,
}: {
  filters: MapFilters;
  onFilters: (next: MapFilters) => void;
  isPro: boolean;
  waypoints: () => Waypoint[];
  /** Null until the map's sources are known: an area saves their tiles. */
  savedAreas: ComponentProps<typeof SavedAreasSection> | null;
}) {
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <Suspense fallback={null}>
        <MapFiltersPanel filters={filters} onChange={onFilters} isPro={isPro} />
      </Suspense>
      <ExportGpxButton waypoints={waypoints} />
      {savedAreas && (
        <Suspense fallback={null}>
          <SavedAreasSection {...savedAreas} />
        </Suspense>
      )}
    </div>
  );
}
