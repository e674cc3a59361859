import { SprayCan } from 'lucide-react';
import type { CSSProperties } from 'react';
import { SEARCH_RADIUS_KM } from '../../../core/constants.ts';
import type { NearbyLegalWall } from '../../../core/schemas/walls.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { cn } from '../../lib/cn.ts';
import { StreetGrid } from './street-grid.tsx';

/** Where the centre came from: the player's device, the Gold Coast fallback, or a map link. */
export type CentreKind = 'device' | 'fallback' | 'link';

export interface MapStageProps {
  centre: Coordinates;
  centreKind: CentreKind;
  walls: NearbyLegalWall[];
  selectedWallId: string | null;
  onSelectWall: (wall: NearbyLegalWall) => void;
}

/** Share of the half-side of the square that the search radius covers. */
const RING = 0.44;

/** Flat-earth offset in km: good to metres over the 10 km the stage shows. */
function offsetKm(from: Coordinates, to: Coordinates) {
  const kmPerDegLat = 110.574;
  const kmPerDegLng = 111.32 * Math.cos((from.latitude * Math.PI) / 180);
  return {
    east: (to.longitude - from.longitude) * kmPerDegLng,
    north: (to.latitude - from.latitude) * kmPerDegLat,
  };
}

function positionOf(centre: Coordinates, wall: Coordinates): CSSProperties {
  const { east, north } = offsetKm(centre, wall);
  const scale = (RING * 100) / SEARCH_RADIUS_KM.legalWalls;
  const clamp = (v: number) => Math.max(-48, Math.min(48, v));
  return {
    left: `${50 + clamp(east * scale)}%`,
    top: `${50 - clamp(north * scale)}%`,
  };
}

/**
 * The map area: a stylised street grid with the search ring, the centre and a 40x40 marker per
 * legal wall (SPEC §2). The markers are pointer shortcuts; the walls panel is the accessible
 * list of the same places, so the markers stay out of the tab order and the accessibility tree.
 * The MapLibre map replaces this component with the same props.
 */
export function MapStage({
  centre,
  centreKind,
  walls,
  selectedWallId,
  onSelectWall,
}: MapStageProps) {
  return (
    <div className="absolute inset-0 overflow-hidden [container-type:size]" data-testid="map-stage">
      <StreetGrid centre={centre} />
      <div className="absolute top-1/2 left-1/2 aspect-square w-[min(100cqw,100cqh)] -translate-x-1/2 -translate-y-1/2">
        <div
          aria-hidden
          className="absolute rounded-full border-2 border-dashed border-neon-cyan/35 bg-neon-cyan/[0.03]"
          style={{ inset: `${(0.5 - RING) * 100}%` }}
        >
          <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-wall/90 px-2 text-[11px] font-bold text-neon-cyan">
            {SEARCH_RADIUS_KM.legalWalls} km
          </span>
        </div>

        <span
          aria-hidden
          className="absolute top-1/2 left-1/2 grid size-6 -translate-x-1/2 -translate-y-1/2 place-items-center"
        >
          {centreKind === 'device' && (
            <span className="absolute inset-0 animate-ping rounded-full bg-neon-cyan/50 motion-reduce:animate-none" />
          )}
          <span
            className={cn(
              'relative size-4 rounded-full border-2 border-white shadow-lg',
              centreKind === 'device' && 'bg-neon-cyan',
              centreKind === 'fallback' && 'bg-neon-amber',
              centreKind === 'link' && 'size-5 rotate-45 rounded-sm bg-neon-lime',
            )}
          />
        </span>

        {walls.map((wall) => {
          const selected = wall.id === selectedWallId;
          return (
            <button
              key={wall.id}
              type="button"
              tabIndex={-1}
              aria-hidden
              data-testid="wall-marker"
              onClick={() => onSelectWall(wall)}
              style={positionOf(centre, wall)}
              className={cn(
                'absolute grid size-10 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-wall bg-neon-pink text-wall shadow-lg shadow-neon-pink/40 transition-transform hover:scale-110',
                selected && 'z-10 scale-110 bg-neon-lime ring-4 ring-neon-lime/40',
              )}
            >
              <SprayCan className="size-5" aria-hidden />
              {selected && (
                <span className="absolute top-full mt-1 max-w-40 truncate rounded-md bg-wall/90 px-2 py-0.5 text-xs font-bold text-chalk">
                  {wall.name}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
