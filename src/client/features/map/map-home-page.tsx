import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import type { Mission } from '../../../core/schemas/catalog.ts';
import type { LegalWall } from '../../../core/schemas/walls.ts';
import { DEFAULT_FILTERS, filterParams, type MapFilters } from './layers/artwork-map-api.ts';
import { configQuery } from '../../api/config.ts';
import { PageSkeleton } from '../../components/layout/page-skeleton.tsx';
import { LazyBoundary } from '../../components/ui/lazy-boundary.tsx';
import { ActionBar, PhoneTabBar } from './home/action-bar.tsx';
import { AllowLocationButton, AllowLocationCard } from './home/allow-location-card.tsx';
import { ImagingPanel } from './layers/imaging-panel.tsx';
import { LazyMapView, loadMapView, useMapViewLoaded } from './home/lazy-map.ts';
import { MapErrorBoundary } from './home/map-error-boundary.tsx';
import { MapFabs } from './home/map-fabs.tsx';
import { MapFailure, MapLoading } from './home/map-failure.tsx';
import { MapHeader } from './home/map-header.tsx';
import { MapDialogs } from './home/map-dialogs.tsx';
import {
  ImagingControlsFor,
  LayersExtras,
  LocationPanel,
  MissionPanel,
} from './home/on-demand.tsx';
import { SuspensionBanner } from '../../components/layout/suspension-banner.tsx';
import { DesktopOverlay, PhoneOverlay } from './home/map-overlays.tsx';
import { useMapLink } from './home/map-params.ts';
import { MapSheet, PEEK } from './panels/map-sheet.tsx';
import { placeSheetCover } from './panels/phone-layout.ts';
import { PLACE_SHEET_PANEL, PlaceSheet } from './panels/place-sheet.tsx';
import { PinHint } from './capture/pin-hint.tsx';
import { Crosshair, PinHereBar } from './capture/pin-here.tsx';
import { ImageryBadge, StageStatus } from './capture/stage-status.tsx';
import { useImaging } from './layers/use-imaging.ts';
import { startOf, useMapCentre } from './home/use-map-centre.ts';
import { useMapData } from './home/use-map-data.ts';
import { useMapDialogs } from './home/use-map-dialogs.ts';
import { useMapPanels } from './home/use-map-panels.ts';
import { useMapReports } from './home/use-map-reports.ts';
import { usePinning } from './capture/use-pinning.ts';
import { WallsPanel, WallsTitle } from './panels/walls-panel.tsx';
import { firstFetch } from './view/first-view.ts';
import { CAMERA } from './view/map-types.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../hooks/use-media-query.ts';
import { afterLoadAndIdle } from '../../lib/after-load.ts';
import { useOfflineState } from '../../lib/offline-state.ts';
import { usePaymentReturn } from '../subscribe/index.ts';
import { QuestsLink } from '../quests/index.ts';
import { useStableHandlers } from '../../hooks/use-stable-handlers.ts';

// The map's code is on its way as soon as the map home's is, not once the config has answered.
void loadMapView();
// A selected place's panel arrives once the first screen has settled: a first tap finds it, and
// it renders at once rather than after a fallback (lazy-boundary.tsx).
afterLoadAndIdle(() => void LocationPanel.preload());

/**
 * SPEC §2 map home (/ signed in). The map fills the screen under a compact header; on a phone
 * every panel lives in a bottom sheet and the rest floats, on desktop panels sit at the sides.
 * A tap selects or closes, never places: pinning goes through the "pin here" mode
 * (docs/decisions/019-map-home-on-a-phone.md).
 */
export default function MapHome() {
  const { user } = useAuth();
  const geo = useGeolocation();
  const link = useMapLink();
  const config = useQuery(configQuery);
  const viewLoaded = useMapViewLoaded();
  usePaymentReturn();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { offline } = useOfflineState();
  // On a phone a selection's sheet covers the map's bottom: the selected place is kept above it.
  const covered = desktop ? 0 : placeSheetCover(window.innerHeight);
  const dialogs = useMapDialogs();
  const panels = useMapPanels();
  const [filters, setFilters] = useState<MapFilters>(DEFAULT_FILTERS);
  // The first view's walls and artworks are asked for now, while the map's code and MapLibre
  // start, not once the map reports its view (docs/decisions/051-light-map-home.md).
  const map = useMapReports(() =>
    firstFetch(startOf(link, geo), link?.zoom ?? CAMERA.defaultZoom, {
      width: window.innerWidth,
      height: window.innerHeight,
    }),
  );
  const { handle, ready, failed, view } = map;
  const imaging = useImaging(handle, link?.zoom ?? CAMERA.defaultZoom);
  const { layers } = imaging;
  const pinning = usePinning(handle);
  const captureButton = useRef<HTMLButtonElement>(null);
  const { start, centre, centreKind, locate } = useMapCentre(link, geo, view, handle, covered);
  const { selection, imagingOpen } = panels;

  const data = useMapData({
    centre,
    fetchBox: map.fetchBox,
    artworkView: map.artworkView,
    player: geo.location,
    selection,
    filters,
    isPro: user?.isPro ?? false,
  });
  const { nearbyWalls, place } = data;

  const handlers = useStableHandlers({
    onFail: map.fail,
    onView: map.showView,
    onSelectWall: (wall: LegalWall) => panels.select({ kind: 'wall', wall }),
    onSelectArtwork: (id: string) => panels.select({ kind: 'artwork', id }),
    onSelectMission: (mission: Mission) => panels.select({ kind: 'mission', mission }),
    onBareTap: panels.bareTap,
    onPinShortcut: pinning.startAt,
    onOpenMenu: dialogs.openMenu,
  });

  if (!user) return <PageSkeleton />;

  const wallsStatus = nearbyWalls.status;

  const allowLocation = !geo.location && (
    <AllowLocationCard locating={geo.status === 'locating'} onAllow={geo.requestLocation} />
  );
  const stageStatus = (
    <>
      <StageStatus
        centre={centre}
        centreKind={centreKind}
        zoom={view ? Math.round(view.zoom) : (link?.zoom ?? null)}
        nearbyDiscoveries={data.nearbyDiscoveries}
        canReturnToPlayer={!!link && geo.source === 'device'}
      />
      <QuestsLink />
    </>
  );
  const imagingPanel = (
    <ImagingPanel
      mapType={layers.type}
      disabled={!ready}
      onMapType={imaging.switchMapType}
      onMaxZoom={() => handle?.zoomBy(CAMERA.quickMaxZoomStep)}
      onAdvanced={panels.openControls}
    />
  );
  const wallsPanel = (bare: boolean) => (
    <WallsPanel
      walls={nearbyWalls.data}
      farther={data.fartherWalls}
      status={wallsStatus}
      selectedWallId={panels.selectedWallId}
      onSelectWall={(wall) => {
        panels.select({ kind: 'wall', wall });
        handle?.flyTo(wall, undefined, covered);
      }}
      onRetry={() => void nearbyWalls.refetch()}
      onPropose={pinning.start}
      bare={bare}
      // In the desktop column it shrinks to a wall and the way to add one, then the column scrolls.
      className={bare ? 'min-h-0' : 'min-h-44'}
    />
  );
  const filtersPanel = (
    <LazyBoundary>
      <LayersExtras
        filters={filters}
        onFilters={setFilters}
        isPro={user.isPro}
        contents={() => ({
          bounds: view?.bounds ?? null,
          walls: data.wallsInView,
          missions: data.missions,
          markers: data.markers,
          artworkFilters: filters.layers.artworks ? filterParams(filters, user.isPro) : null,
        })}
        savedAreas={
          config.data
            ? {
                userId: user.id,
                centre,
                nearestCity: nearbyWalls.data?.[0]?.city,
                onSave: dialogs.saveArea,
              }
            : null
        }
      />
    </LazyBoundary>
  );
  const locationPanel = (className: string) =>
    selection?.kind === 'mission' ? (
      <LazyBoundary>
        <MissionPanel
          mission={selection.mission}
          onClose={panels.closePlace}
          className={className}
        />
      </LazyBoundary>
    ) : (
      place && (
        <LazyBoundary>
          <LocationPanel place={place} onClose={panels.closePlace} className={className} />
        </LazyBoundary>
      )
    );
  const placeOpen = selection?.kind === 'mission' || !!place;
  const controls = panels.controlsOpen && handle && (
    <LazyBoundary>
      <ImagingControlsFor
        handle={handle}
        imaging={imaging}
        onClose={panels.closeControls}
        className="min-h-0"
      />
    </LazyBoundary>
  );
  const actionBar = <ActionBar onCapture={dialogs.openCapture} captureRef={captureButton} />;
  const badge = <ImageryBadge imagery={ready ? (map.imagery ?? 'online') : null} />;
  const fabs = (
    <MapFabs
      locating={geo.status === 'locating'}
      hasLocation={geo.source === 'device'}
      imagingOpen={imagingOpen}
      ready={ready}
      onLocate={locate}
      onLayers={panels.toggleImaging}
      onPin={pinning.start}
    />
  );
  const pinBar = pinning.active && (
    <PinHereBar
      spot={centre}
      onPin={(kind) => pinning.pin(kind, centre)}
      onCancel={pinning.cancel}
    />
  );

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-wall">
      <MapHeader user={user} onOpenMenu={handlers.onOpenMenu} />
      <SuspensionBanner className="m-0 rounded-none border-x-0 border-t-0 px-3 py-2" />

      <main className="relative min-h-0 flex-1" data-offline={offline || undefined}>
        <h1 className="sr-only">StreetScope map</h1>
        {config.data && viewLoaded && !failed && (
          <MapErrorBoundary onError={map.fail}>
            <Suspense fallback={null}>
              <LazyMapView
                sources={config.data.map}
                initialCentre={start}
                initialZoom={link?.zoom ?? CAMERA.defaultZoom}
                initialLayers={layers}
                walls={data.wallsInView}
                selectedWallId={panels.selectedWallId}
                artworks={data.artworks}
                showArtworks={filters.layers.artworks}
                heat={data.heat}
                myLogs={data.myLogs}
                missions={data.missions}
                selectedMissionId={selection?.kind === 'mission' ? selection.mission.id : null}
                player={geo.source === 'device' ? geo.location : null}
                markers={data.markers}
                firstDataIn={data.firstDataIn}
                onReady={map.setHandle}
                onCamera={imaging.setCamera}
                coveredBottom={covered}
                onImagery={map.setImagery}
                onFail={handlers.onFail}
                onView={handlers.onView}
                onSelectWall={handlers.onSelectWall}
                onSelectArtwork={handlers.onSelectArtwork}
                onSelectMission={handlers.onSelectMission}
                onBareTap={handlers.onBareTap}
                onPinShortcut={handlers.onPinShortcut}
              />
            </Suspense>
          </MapErrorBoundary>
        )}
        {!ready && !failed && <MapLoading />}
        {failed && <MapFailure />}
        {pinning.active && <Crosshair />}

        {!failed &&
          (desktop ? (
            <DesktopOverlay
              left={
                <>
                  {stageStatus}
                  {badge}
                  <PinHint />
                  {allowLocation}
                  {imagingPanel}
                  {wallsPanel(false)}
                </>
              }
              right={locationPanel('min-h-0') || controls || (imagingOpen && filtersPanel)}
              pinBar={pinBar}
              fabs={fabs}
            />
          ) : (
            <PhoneOverlay
              top={
                <>
                  {badge}
                  <PinHint />
                  {controls}
                </>
              }
              pinBar={pinBar}
              // Folded away with the sheets they would show through.
              fabs={panels.snap === PEEK && !placeOpen && fabs}
              offline={offline}
            />
          ))}
      </main>

      {desktop || failed ? (
        <div className="relative z-30 border-t border-line bg-wall/95 pb-[env(safe-area-inset-bottom)]">
          {actionBar}
        </div>
      ) : (
        !pinning.active && (
          <>
            {placeOpen ? (
              <PlaceSheet>{locationPanel(PLACE_SHEET_PANEL)}</PlaceSheet>
            ) : (
              <MapSheet
                snap={panels.snap}
                onSnap={panels.setSnap}
                title={
                  imagingOpen ? (
                    'Map layers'
                  ) : (
                    <WallsTitle walls={nearbyWalls.data} status={wallsStatus} />
                  )
                }
                action={
                  !geo.location && (
                    <AllowLocationButton
                      size="sm"
                      locating={geo.status === 'locating'}
                      onAllow={geo.requestLocation}
                    />
                  )
                }
              >
                {imagingOpen ? (
                  <div className="grid gap-3">
                    {imagingPanel}
                    {filtersPanel}
                  </div>
                ) : (
                  <div className="grid gap-3">
                    {stageStatus}
                    {wallsPanel(true)}
                  </div>
                )}
              </MapSheet>
            )}
            <PhoneTabBar>{actionBar}</PhoneTabBar>
          </>
        )
      )}

      <MapDialogs
        menu={dialogs.menu}
        capture={dialogs.capture}
        area={dialogs.area}
        pinning={pinning}
        geo={geo}
        user={user}
        sources={config.data?.map ?? null}
        captureButton={captureButton}
      />
    </div>
  );
}
