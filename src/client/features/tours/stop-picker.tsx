import { useQuery } from '@tanstack/react-query';
import { LocateFixed, Plus, SprayCan } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import type { TourStopRef } from '../../../core/schemas/tours.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { useGeolocation, type Coordinates } from '../../hooks/use-geolocation.ts';
import { matchesAny } from '../../lib/search.ts';
import { PICKER_RADIUS_KM, placesNearQuery } from './tours-api.ts';

/** A place a stop can be: an artwork or a legal wall near where the author looks. */
export interface PickedPlace extends TourStopRef {
  title: string;
  subtitle: string | null;
  latitude: number;
  longitude: number;
}

/** Most places listed at once: the search narrows the rest. */
const SHOWN = 30;

/**
 * The artworks and walls within PICKER_RADIUS_KM of the player (or of the tour's last stop),
 * searchable by title; each added as the next stop.
 */
export function StopPicker({
  around,
  chosen,
  onAdd,
}: {
  /** The tour's last stop, when it has one: new stops are looked for near it. */
  around: Coordinates | null;
  chosen: Set<string>;
  onAdd: (place: PickedPlace) => void;
}) {
  const id = useId();
  const geo = useGeolocation();
  const centre = around ?? (geo.source === 'device' ? geo.location : null);
  const places = useQuery(placesNearQuery(centre));
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query);
  const all: PickedPlace[] = [
    ...(places.data?.artworks ?? []).map((a) => ({
      kind: 'artwork' as const,
      id: a.id,
      title: a.title,
      subtitle: a.artistName && `by ${a.artistName}`,
      latitude: a.latitude,
      longitude: a.longitude,
    })),
    ...(places.data?.walls ?? []).map((w) => ({
      kind: 'wall' as const,
      id: w.id,
      title: w.name,
      subtitle: 'Legal wall',
      latitude: w.latitude,
      longitude: w.longitude,
    })),
  ];
  const matching = all.filter(
    (p) => !chosen.has(`${p.kind}:${p.id}`) && matchesAny(search, [p.title, p.subtitle]),
  );

  if (!centre) {
    return (
      <div className="grid justify-items-start gap-2 text-sm text-smoke">
        <p>Stops are picked from the artworks and walls around you.</p>
        <Button variant="secondary" size="sm" onClick={geo.requestLocation}>
          <LocateFixed aria-hidden />
          Use my location
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>
          Find a piece or wall within {PICKER_RADIUS_KM} km of {around ? 'the last stop' : 'you'}
        </Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={query}
          placeholder="Title"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {places.isPending ? (
        <p className="text-sm text-smoke" role="status">
          Looking around…
        </p>
      ) : places.isError ? (
        <p className="text-sm text-rose-200" role="alert">
          Couldn’t load the places around. Check your connection.
        </p>
      ) : matching.length === 0 ? (
        <p className="text-sm text-smoke">Nothing more to add here.</p>
      ) : (
        <ul aria-label="Places to add" className="grid max-h-80 grid-cols-1 gap-1 overflow-y-auto">
          {matching.slice(0, SHOWN).map((p) => (
            <li key={`${p.kind}:${p.id}`}>
              <button
                type="button"
                onClick={() => onAdd(p)}
                className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2 text-left hover:bg-concrete"
              >
                {p.kind === 'wall' ? (
                  <SprayCan className="size-4 shrink-0 text-neon-cyan" aria-hidden />
                ) : (
                  <Plus className="size-4 shrink-0 text-neon-cyan" aria-hidden />
                )}
                <span className="grid min-w-0">
                  <span className="truncate font-semibold text-chalk">Add {p.title}</span>
                  {p.subtitle && <span className="truncate text-xs text-smoke">{p.subtitle}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
