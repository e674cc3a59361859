import type { Map as MapLibreMap } from 'maplibre-gl';
import { SprayCan, Target } from 'lucide-react';
import type { ArtworkStatus } from '../../../../core/schemas/artworks.ts';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import type { Marker } from '../../../../core/schemas/markers.ts';
import type { LegalWall } from '../../../../core/schemas/walls.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { cn } from '../../../lib/cn.ts';
import { PinIcon } from '../../pins/index.ts';
import { PIN_STYLES, pinKindOf } from '../../pins/index.ts';
import { WALL_MARKER_STYLE } from '../../walls/index.ts';
import { MapMarker } from './map-marker.tsx';

/**
 * Legal walls as 40x40 markers (SPEC §2). They are pointer shortcuts: the walls panel is the
 * keyboard and screen-reader list of the same places, so markers stay out of the tab order.
 */
export function WallMarkers({
  map,
  walls,
  selectedWallId,
  onSelect,
}: {
  map: MapLibreMap;
  walls: LegalWall[];
  selectedWallId: string | null;
  onSelect: (wall: LegalWall) => void;
}) {
  return walls.map((wall) => {
    const selected = wall.id === selectedWallId;
    return (
      <MapMarker key={wall.id} map={map} longitude={wall.longitude} latitude={wall.latitude}>
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          title={wall.status === 'verified' ? wall.name : `${wall.name} (${wall.status})`}
          data-testid="wall-marker"
          data-wall-id={wall.id}
          data-status={wall.status}
          onClick={() => onSelect(wall)}
          className={cn(
            'grid size-10 place-items-center rounded-full border-2 shadow-lg shadow-black/50 transition-transform hover:scale-110',
            WALL_MARKER_STYLE[wall.status],
            selected &&
              'relative z-10 scale-110 border-solid border-wall bg-neon-lime text-wall ring-4 ring-neon-lime/40',
          )}
        >
          <SprayCan className="size-5" aria-hidden />
        </button>
      </MapMarker>
    );
  });
}

/**
 * Mission targets as a ring around the spot (most missions target a legal wall, whose marker
 * then sits inside it) and a target badge. Only the ring and the badge take taps, so the wall
 * inside stays tappable. Like walls they are pointer shortcuts: /missions is the keyboard and
 * screen-reader list of the same missions.
 */
export function MissionMarkers({
  map,
  missions,
  selectedId,
  onSelect,
}: {
  map: MapLibreMap;
  missions: Mission[];
  selectedId: string | null;
  onSelect: (mission: Mission) => void;
}) {
  return missions.map((mission) => {
    if (!mission.targetLocation) return null;
    const selected = mission.id === selectedId;
    const colour = mission.completedByMe ? 'text-neon-lime' : 'text-neon-pink';
    return (
      <MapMarker
        key={mission.id}
        map={map}
        longitude={mission.targetLocation.lng}
        latitude={mission.targetLocation.lat}
        // The ring's box lets taps through to the wall inside it, whichever marker came first.
        className="pointer-events-none"
      >
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          title={`Mission: ${mission.title}`}
          data-testid="mission-marker"
          data-mission-id={mission.id}
          onClick={() => onSelect(mission)}
          className={cn('pointer-events-none relative block size-16', colour)}
        >
          <svg viewBox="0 0 64 64" className="absolute inset-0 overflow-visible" aria-hidden>
            <circle
              cx="32"
              cy="32"
              r="29"
              fill="none"
              stroke="rgba(11, 11, 18, 0.8)"
              strokeWidth="8"
            />
            <circle
              cx="32"
              cy="32"
              r="29"
              fill="none"
              stroke="currentColor"
              strokeWidth={selected ? 6 : 4}
              strokeDasharray={selected ? undefined : '12 6'}
              className="pointer-events-[stroke]"
            />
          </svg>
          <span
            data-testid="mission-badge"
            className="pointer-events-auto absolute -top-1 -right-1 grid size-7 place-items-center rounded-full border-2 border-wall bg-current shadow-lg shadow-black/50 transition-transform hover:scale-110"
          >
            <Target className="size-4 text-wall" strokeWidth={2.5} aria-hidden />
          </span>
        </button>
      </MapMarker>
    );
  });
}

/** The player's position: a pulsing dot (still when the player prefers less motion). */
export function PlayerDot({ map, position }: { map: MapLibreMap; position: Coordinates }) {
  return (
    <MapMarker map={map} longitude={position.longitude} latitude={position.latitude}>
      <span className="relative grid size-6 place-items-center" data-testid="player-dot">
        <span className="absolute inset-0 animate-ping rounded-full bg-neon-cyan/60 motion-reduce:animate-none" />
        <span className="relative size-4 rounded-full border-2 border-white bg-neon-cyan shadow-lg" />
      </span>
    </MapMarker>
  );
}

/** The player's own dropped markers, their tips on the spot. */
export function CustomMarkers({ map, markers }: { map: MapLibreMap; markers: Marker[] }) {
  return markers.map((marker) => {
    const kind = pinKindOf(marker.emojiPin);
    return (
      <MapMarker key={marker.id} map={map} longitude={marker.longitude} latitude={marker.latitude}>
        <span
          data-testid="custom-marker"
          title={marker.label || PIN_STYLES[kind].label}
          className="block -translate-y-1/2 drop-shadow-lg"
        >
          <PinIcon kind={kind} className="block" />
        </span>
      </MapMarker>
    );
  });
}

export interface Thumbnail {
  id: string;
  image: string;
  longitude: number;
  latitude: number;
  status: ArtworkStatus;
  stale: boolean;
}

/**
 * Photo thumbnails of the artworks on screen once the map is zoomed in close, each over its
 * pin: a gone piece is greyed and labelled Gone, one not seen for months is faded.
 */
export function ArtworkThumbnails({
  map,
  thumbnails,
  onSelect,
}: {
  map: MapLibreMap;
  thumbnails: Thumbnail[];
  onSelect: (thumbnail: Thumbnail) => void;
}) {
  return thumbnails.map((t) => {
    const gone = t.status === 'gone';
    return (
      // Standing on the spot like the pin it covers.
      <MapMarker key={t.id} map={map} longitude={t.longitude} latitude={t.latitude} anchor="bottom">
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          data-testid="artwork-thumbnail"
          data-status={t.status}
          data-stale={t.stale}
          onClick={() => onSelect(t)}
          className={cn(
            'relative block size-12 overflow-hidden rounded-xl border-2 border-neon-lime bg-concrete shadow-lg shadow-black/60 transition-transform hover:scale-110',
            gone && 'border-smoke',
            t.stale && !gone && 'opacity-55',
          )}
        >
          <img
            src={`${t.image}/thumbnail`}
            alt=""
            loading="lazy"
            className={cn('size-full object-cover', gone && 'opacity-60 grayscale')}
            onError={(e) => {
              e.currentTarget.hidden = true;
            }}
          />
          {gone && (
            <span className="absolute inset-x-0 bottom-0 bg-rose-600 text-[10px] leading-4 font-bold tracking-wide text-white uppercase">
              Gone
            </span>
          )}
        </button>
      </MapMarker>
    );
  });
}
