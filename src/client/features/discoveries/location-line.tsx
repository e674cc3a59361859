import { Camera, LoaderCircle, LocateFixed, MapPin, TriangleAlert } from 'lucide-react';
import type { PhotoLocation } from '../../../core/schemas/objects.ts';
import type { Coordinates, Geolocation } from '../../hooks/use-geolocation.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatCoordinates } from '../../lib/geo-format.ts';

/**
 * Where the discovery will be pinned, or what the player can do to get a location. Without a
 * device location, a photo that carries its GPS position offers that spot instead.
 */
export function LocationLine({
  geo,
  spot,
  photoLocation,
  usingPhoto,
  onUsePhoto,
}: {
  geo: Geolocation;
  spot: Coordinates | null;
  photoLocation: PhotoLocation | null;
  usingPhoto: boolean;
  onUsePhoto: (use: boolean) => void;
}) {
  if (usingPhoto && photoLocation) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-smoke">
        <p className="flex items-center gap-2">
          <Camera className="size-4 shrink-0 text-neon-cyan" aria-hidden />
          Pinned where the photo was taken: {formatCoordinates(photoLocation)}
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={() => onUsePhoto(false)}>
          Undo
        </Button>
      </div>
    );
  }
  if (spot) {
    return (
      <p className="flex items-center gap-2 text-sm text-smoke">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        Pinned at the spot you chose: {formatCoordinates(spot)}
      </p>
    );
  }
  if (geo.source === 'device' && geo.location) {
    return (
      <p className="flex items-center gap-2 text-sm text-smoke">
        <MapPin className="size-4 shrink-0 text-neon-cyan" aria-hidden />
        Pinned at your location: {formatCoordinates(geo.location)}
      </p>
    );
  }
  if (photoLocation) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-neon-cyan/40 bg-neon-cyan/10 p-3"
      >
        <p className="flex min-w-48 flex-1 items-start gap-2 text-sm text-chalk">
          <Camera className="mt-0.5 size-4 shrink-0 text-neon-cyan" aria-hidden />
          Your photo says it was taken at {formatCoordinates(photoLocation)}.
        </p>
        <Button type="button" size="sm" onClick={() => onUsePhoto(true)}>
          <MapPin aria-hidden />
          Pin it there
        </Button>
      </div>
    );
  }
  const blocked = geo.source === 'fallback';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-neon-amber/30 p-3">
      <p className="flex min-w-48 flex-1 items-start gap-2 text-sm text-amber-100">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-neon-amber" aria-hidden />
        {blocked
          ? 'Location access is off. Allow location for this site in your browser settings, then reload, or add a photo that carries its location.'
          : 'Your location is needed to pin this.'}
      </p>
      {!blocked && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={geo.requestLocation}
          disabled={geo.status === 'locating'}
        >
          {geo.status === 'locating' ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <LocateFixed aria-hidden />
          )}
          {geo.status === 'locating' ? 'Locating...' : 'Use my location'}
        </Button>
      )}
    </div>
  );
}
