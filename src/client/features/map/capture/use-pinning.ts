import { useState } from 'react';
import { useDropMarker } from './markers-api.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { toast } from '../../../hooks/use-toast.ts';
import type { MapHandle } from '../view/map-handle.ts';
import type { PinKind } from './pin-here.tsx';

/**
 * The "pin here" mode: nothing is placed by a tap. The player enters the mode (the Pin here
 * button, or a long-press / right-click that also centres the map on the pressed spot), pans
 * the crosshair onto the spot and picks what to pin; the dialogs then open for that spot.
 */
export function usePinning(handle: MapHandle | null) {
  const [active, setActive] = useState(false);
  const [graffitiSpot, setGraffitiSpot] = useState<Coordinates | null>(null);
  const [discoverySpot, setDiscoverySpot] = useState<Coordinates | null>(null);
  const [wallSpot, setWallSpot] = useState<Coordinates | null>(null);
  const dropMarker = useDropMarker();

  const drop = (spot: Coordinates) =>
    dropMarker.mutate(spot, {
      onSuccess: (marker) =>
        marker &&
        toast({ title: 'Marker Dropped!', description: 'Your custom marker has been placed.' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to drop marker. Please try again.',
          variant: 'destructive',
        }),
    });

  return {
    active,
    graffitiSpot,
    discoverySpot,
    wallSpot,
    start: () => setActive(true),
    /** Long-press / right-click: the crosshair jumps to the pressed spot. */
    startAt: (spot: Coordinates) => {
      handle?.flyTo(spot);
      setActive(true);
    },
    cancel: () => setActive(false),
    pin: (kind: PinKind, spot: Coordinates) => {
      setActive(false);
      if (kind === 'graffiti') setGraffitiSpot(spot);
      else if (kind === 'discovery') setDiscoverySpot(spot);
      else if (kind === 'wall') setWallSpot(spot);
      else drop(spot);
    },
    closeGraffiti: () => setGraffitiSpot(null),
    closeDiscovery: () => setDiscoverySpot(null),
    closeWall: () => setWallSpot(null),
  };
}
