import { useEffect } from 'react';
import { FALLBACK_LOCATION } from '../../../../core/constants.ts';
import type { useGeolocation } from '../../../hooks/use-geolocation.ts';
import type { CentreKind } from '../capture/stage-status.tsx';
import type { MapHandle } from '../view/map-handle.ts';
import type { MapViewState } from '../view/map-view-props.ts';
import { useLinkedPiece, type MapLink } from './map-params.ts';

/** Where the map starts: the link's centre, else the player's, else the fallback. */
export const startOf = (link: MapLink | null, geo: ReturnType<typeof useGeolocation>) =>
  link?.centre ?? geo.location ?? FALLBACK_LOCATION;

/**
 * Where the map is: it starts at the link's centre, else the player's, else the fallback, and
 * follows the view from there. A location found after the map started (or a new map link)
 * moves the map there. A link to one piece opens its panel: on a phone the piece is brought
 * above the `coveredBottom` pixels that panel covers.
 */
export function useMapCentre(
  link: MapLink | null,
  geo: ReturnType<typeof useGeolocation>,
  view: MapViewState | null,
  handle: MapHandle | null,
  coveredBottom: number,
) {
  const linkedPiece = !!useLinkedPiece();
  const start = startOf(link, geo);
  const centreKind: CentreKind = link ? 'link' : geo.source === 'device' ? 'device' : 'fallback';

  const target = link?.centre ?? (geo.source === 'device' ? geo.location : null);
  useEffect(() => {
    if (handle && target) handle.flyTo(target, link?.zoom, linkedPiece ? coveredBottom : 0);
  }, [handle, target?.latitude, target?.longitude, link?.zoom]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    start,
    centre: view?.centre ?? start,
    centreKind,
    /** To the player, or, without their location yet, asks for it. */
    locate: () => {
      if (geo.source === 'device' && geo.location) handle?.flyTo(geo.location);
      else geo.requestLocation();
    },
  };
}
