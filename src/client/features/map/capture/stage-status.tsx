import { CloudOff, Crosshair, LocateFixed, MapPin, ScanEye, Sparkles } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { Link } from 'wouter';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { formatCoordinates } from '../../../lib/geo-format.ts';

/** Where the map started: the player's device, the Gold Coast fallback, or a map link. */
export type CentreKind = 'device' | 'fallback' | 'link';

const CENTRE_LABEL: Record<CentreKind, string> = {
  device: 'Your location',
  fallback: 'Gold Coast (default)',
  link: 'Map link',
};

/**
 * A small readout over the map: what the centre is, the link's zoom, how many discoveries are
 * within 4 km of the player, and a way back to the player from a mission or wall link.
 */
export function StageStatus({
  centre,
  centreKind,
  zoom,
  nearbyDiscoveries,
  canReturnToPlayer,
}: {
  centre: Coordinates;
  centreKind: CentreKind;
  zoom: number | null;
  nearbyDiscoveries: number | null;
  canReturnToPlayer: boolean;
}) {
  const Icon = centreKind === 'device' ? LocateFixed : centreKind === 'link' ? Crosshair : MapPin;
  return (
    <div className="pointer-events-auto flex flex-wrap items-center gap-2 text-xs font-semibold">
      <p
        className="flex min-h-8 max-w-full items-center gap-1.5 rounded-full border border-line bg-wall/90 px-3 py-1 whitespace-nowrap text-chalk"
        data-testid="map-centre"
      >
        <Icon className="size-3.5 shrink-0 text-neon-cyan" aria-hidden />
        <span>{CENTRE_LABEL[centreKind]}</span>
        <span className="truncate text-smoke tabular-nums">
          {formatCoordinates(centre, 3)}
          {zoom !== null && ` · z${zoom}`}
        </span>
      </p>
      {nearbyDiscoveries !== null && (
        <p className="flex min-h-8 items-center gap-1.5 rounded-full border border-line bg-wall/90 px-3 py-1 text-smoke">
          <Sparkles className="size-3.5 text-neon-lime" aria-hidden />
          {nearbyDiscoveries} {nearbyDiscoveries === 1 ? 'discovery' : 'discoveries'} nearby
        </p>
      )}
      {canReturnToPlayer && (
        <Link
          href="/"
          className="flex min-h-11 items-center gap-1.5 rounded-full border border-neon-cyan/50 bg-wall/90 px-3 text-neon-cyan hover:bg-neon-cyan/10"
        >
          <LocateFixed className="size-3.5" aria-hidden />
          Back to my location
        </Link>
      )}
    </div>
  );
}

/**
 * SPEC's 'High-Resolution Active' badge while imagery loads, or the offline basemap's notice
 * when it does not; floats over the map on every screen size.
 */
export function ImageryBadge({
  imagery,
  className,
}: {
  /** null while the map loads; 'offline' when imagery tiles fail and the offline map shows. */
  imagery: 'online' | 'offline' | null;
  className?: string;
}) {
  if (!imagery) return null;
  const online = imagery === 'online';
  const Icon = online ? ScanEye : CloudOff;
  return (
    <p
      className={cn(
        'flex min-h-7 w-fit items-center gap-1.5 rounded-full border bg-wall/90 px-2.5 py-0.5 text-[0.6875rem] font-semibold md:min-h-8 md:px-3 md:text-xs',
        online ? 'border-neon-lime/40 text-neon-lime' : 'border-neon-amber/40 text-neon-amber',
        className,
      )}
      data-testid={online ? undefined : 'offline-basemap'}
    >
      <Icon className="size-3.5" aria-hidden />
      {online ? 'High-Resolution Active' : 'Offline map: imagery unavailable'}
    </p>
  );
}
