import type { ComponentProps } from 'react';
import { LazyBoundary } from '../../../components/ui/lazy-boundary.tsx';
import type { MapFilters } from '../layers/artwork-map-api.ts';
import { ExportGpxButton, type MapContents } from './export-gpx.tsx';
import { SavedAreasSection } from '../../saved-areas/index.ts';
import { MapFiltersPanel } from '../layers/map-filters-panel.tsx';

/** Under the map's layers: what the map shows, the GPX export, and the areas kept offline. */
export function LayersExtras({
  filters,
  onFilters,
  isPro,
  contents,
  savedAreas,
}: {
  filters: MapFilters;
  onFilters: (next: MapFilters) => void;
  isPro: boolean;
  /** What the map shows, read when the player exports it. */
  contents: () => MapContents;
  /** Null until the map's sources are known: an area saves their tiles. */
  savedAreas: ComponentProps<typeof SavedAreasSection> | null;
}) {
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <MapFiltersPanel filters={filters} onChange={onFilters} isPro={isPro} />
      <ExportGpxButton contents={contents} />
      {savedAreas && (
        <LazyBoundary>
          <SavedAreasSection {...savedAreas} />
        </LazyBoundary>
      )}
    </div>
  );
}
