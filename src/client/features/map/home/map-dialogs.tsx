import type { RefObject } from 'react';
import type { MapSources } from '../../../../core/schemas/map.ts';
import type { User } from '../../../../core/schemas/user.ts';
import type { AreaTarget } from '../../saved-areas/index.ts';
import type { Geolocation } from '../../../hooks/use-geolocation.ts';
import {
  CaptureDialog,
  GraffitiDialog,
  OnDemand,
  ProposeWallDialog,
  SaveAreaDialogFor,
  SideNav,
} from './on-demand.tsx';
import type { usePinning } from '../capture/use-pinning.ts';

type Open<T> = readonly [T, (value: T) => void];

/**
 * The map home's menu and dialogs, each loaded the first time it opens. They live with the map
 * home, not in its panels, so a change of layout (phone to desktop) never closes one mid-way.
 */
export function MapDialogs({
  menu: [menuOpen, setMenuOpen],
  capture: [captureOpen, setCaptureOpen],
  area: [areaTarget, setAreaTarget],
  pinning,
  geo,
  user,
  sources,
  captureButton,
}: {
  menu: Open<boolean>;
  capture: Open<boolean>;
  area: Open<AreaTarget | null>;
  pinning: ReturnType<typeof usePinning>;
  geo: Geolocation;
  user: User;
  sources: MapSources | null;
  captureButton: RefObject<HTMLButtonElement | null>;
}) {
  const closeCapture = () => {
    setCaptureOpen(false);
    pinning.closeDiscovery();
  };
  return (
    <>
      <OnDemand when={menuOpen} onClose={() => setMenuOpen(false)}>
        <SideNav open={menuOpen} onOpenChange={setMenuOpen} />
      </OnDemand>
      <OnDemand when={captureOpen || pinning.discoverySpot !== null} onClose={closeCapture}>
        <CaptureDialog
          open={captureOpen || pinning.discoverySpot !== null}
          onOpenChange={(open) => (open ? setCaptureOpen(true) : closeCapture())}
          geo={geo}
          spot={pinning.discoverySpot}
          isPro={user.isPro}
          fallbackFocus={captureButton}
        />
      </OnDemand>
      {sources && (
        <OnDemand when={areaTarget !== null} onClose={() => setAreaTarget(null)}>
          <SaveAreaDialogFor
            target={areaTarget}
            userId={user.id}
            sources={sources}
            onClose={() => setAreaTarget(null)}
          />
        </OnDemand>
      )}
      <OnDemand when={pinning.graffitiSpot !== null} onClose={pinning.closeGraffiti}>
        <GraffitiDialog spot={pinning.graffitiSpot} onClose={pinning.closeGraffiti} />
      </OnDemand>
      <OnDemand when={pinning.wallSpot !== null} onClose={pinning.closeWall}>
        <ProposeWallDialog
          spot={pinning.wallSpot}
          here={geo.source === 'device' ? geo.location : null}
          onClose={pinning.closeWall}
        />
      </OnDemand>
    </>
  );
}
