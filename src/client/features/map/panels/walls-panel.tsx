import { ChevronRight, MapPinned, Plus, RotateCw, SprayCan } from 'lucide-react';
import { Link } from 'wouter';
import { SEARCH_RADIUS_KM } from '../../../../core/constants.ts';
import type { NearbyLegalWall } from '../../../../core/schemas/walls.ts';
import { cn } from '../../../lib/cn.ts';
import { Button } from '../../../components/ui/button.tsx';
import { WALL_MARKER_STYLE, WallStatusBadge } from '../../walls/index.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDistance } from '../../../lib/geo-format.ts';

const RADIUS = SEARCH_RADIUS_KM.legalWalls;

export const wallCountLabel = (n: number) =>
  `${n} legal ${n === 1 ? 'wall' : 'walls'} within ${RADIUS} km`;

/**
 * The legal walls around the map centre, closest first: a list in the phone's bottom sheet (whose
 * title row names the count, hence `bare`), a column in the desktop side panel. It is the
 * keyboard and screen-reader way to the map's markers.
 */
export function WallsPanel({
  walls,
  farther,
  status,
  selectedWallId,
  onSelectWall,
  onRetry,
  onPropose,
  bare = false,
  className,
}: {
  walls: NearbyLegalWall[] | undefined;
  /** The closest walls beyond the radius, shown when none is within it. */
  farther: NearbyLegalWall[] | undefined;
  status: 'pending' | 'error' | 'success';
  selectedWallId: string | null;
  onSelectWall: (wall: NearbyLegalWall) => void;
  onRetry: () => void;
  /** Starts "pin here" for a wall the player proposes. */
  onPropose: () => void;
  /** Without its own card and heading: the phone's sheet gives both. */
  bare?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="walls-panel-title"
      aria-busy={status === 'pending'}
      className={cn(
        'pointer-events-auto flex min-h-0 flex-col',
        !bare && 'rounded-2xl border border-line bg-brick/95 shadow-2xl shadow-black/50',
        className,
      )}
    >
      <h2
        id="walls-panel-title"
        className={cn(
          'flex items-center gap-2 px-4 pt-3 pb-2 text-sm font-bold text-chalk',
          bare && 'sr-only',
        )}
      >
        <WallsTitle walls={walls} status={status} />
      </h2>

      {status === 'pending' && (
        <div className="flex flex-col gap-2 overflow-hidden px-3 pb-3" role="status">
          <span className="sr-only">Loading legal walls</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      )}

      {status === 'error' && (
        <div className="flex flex-wrap items-center gap-3 px-4 pb-3">
          <p className="flex-1 text-sm text-smoke">Couldn&apos;t load legal walls.</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden />
            Retry
          </Button>
        </div>
      )}

      {status === 'success' && walls && walls.length === 0 && (
        // Scrolls as one, like the list below: the nearest walls and both buttons stay inside.
        <div className="flex min-h-0 flex-col overflow-y-auto">
          <p className="px-4 pb-3 text-sm text-smoke">
            No legal walls mapped around here yet.{' '}
            {farther && farther.length > 0 ? 'The nearest ones:' : 'Find one in another city?'}
          </p>
          {farther && farther.length > 0 && (
            <WallList
              walls={farther}
              label="Nearest legal walls"
              selectedWallId={selectedWallId}
              onSelectWall={onSelectWall}
              className="shrink-0"
            />
          )}
          <ProposeButton onPropose={onPropose} />
          <Button asChild variant="outline" size="sm" className="mx-4 mb-3 self-start">
            <Link href="/missions">
              <MapPinned aria-hidden />
              Browse legal walls
            </Link>
          </Button>
        </div>
      )}

      {status === 'success' && walls && walls.length > 0 && (
        // The way to add a wall scrolls with the list, so the list keeps its room.
        <div className="flex min-h-0 flex-col overflow-y-auto">
          <WallList
            walls={walls}
            labelledBy="walls-panel-title"
            selectedWallId={selectedWallId}
            onSelectWall={onSelectWall}
            className="shrink-0"
          />
          <ProposeButton onPropose={onPropose} />
        </div>
      )}
    </section>
  );
}

function ProposeButton({ onPropose }: { onPropose: () => void }) {
  return (
    <Button variant="outline" size="sm" className="mx-4 mb-3 self-start" onClick={onPropose}>
      <Plus aria-hidden />
      Know a legal wall? Add it
    </Button>
  );
}

/** 'N legal walls within 10 km' once known. */
export function WallsTitle({
  walls,
  status,
}: {
  walls: NearbyLegalWall[] | undefined;
  status: 'pending' | 'error' | 'success';
}) {
  return (
    <>
      <SprayCan className="size-4 shrink-0 text-neon-pink" aria-hidden />
      <span className="truncate">
        {status === 'success' && walls
          ? wallCountLabel(walls.length)
          : `Legal walls within ${RADIUS} km`}
      </span>
    </>
  );
}

function WallList({
  walls,
  labelledBy,
  label,
  selectedWallId,
  onSelectWall,
  className,
}: {
  walls: NearbyLegalWall[];
  className?: string;
  labelledBy?: string;
  label?: string;
  selectedWallId: string | null;
  onSelectWall: (wall: NearbyLegalWall) => void;
}) {
  return (
    <ul
      className={cn('flex min-h-0 flex-col gap-2 overflow-y-auto px-3 pb-3', className)}
      aria-labelledby={labelledBy}
      aria-label={label}
    >
      {walls.map((wall) => {
        const selected = wall.id === selectedWallId;
        return (
          <li key={wall.id}>
            <button
              type="button"
              onClick={() => onSelectWall(wall)}
              aria-pressed={selected}
              data-wall-id={wall.id}
              className={cn(
                'flex min-h-16 w-full items-center gap-3 rounded-xl border border-line bg-wall/70 p-2.5 text-left transition-colors hover:border-neon-pink/60 hover:bg-concrete',
                selected && 'border-neon-lime/70 bg-neon-lime/10',
              )}
            >
              <span
                className={cn(
                  'grid size-10 shrink-0 place-items-center rounded-full border-2',
                  WALL_MARKER_STYLE[wall.status],
                )}
              >
                <SprayCan className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 font-bold leading-snug">{wall.name}</span>
                {wall.status !== 'verified' && (
                  <WallStatusBadge status={wall.status} className="my-0.5" />
                )}
                {/* The city gives way before the distance does. */}
                <span className="flex text-sm text-smoke">
                  <span className="truncate">{wall.city}</span>
                  <span className="shrink-0 whitespace-pre">{` · ${formatDistance(wall.distanceKm)}`}</span>
                </span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-smoke" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
