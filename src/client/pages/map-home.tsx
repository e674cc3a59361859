import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { FALLBACK_LOCATION } from '../../core/constants.ts';
import { distanceKm } from '../../core/geo.ts';
import type { LegalWall } from '../../core/schemas/walls.ts';
import { configQuery } from '../api/config.ts';
import {
  discoveryPointsQuery,
  discoveryQuery,
  nearbyDiscoveriesQuery,
} from '../api/discoveries.ts';
import { markersQuery, useDropMarker } from '../api/markers.ts';
import { nearbyWallsQuery, wallsInViewQuery } from '../api/walls.ts';
import { PageSkeleton } from '../components/layout/page-skeleton.tsx';
import { SideNav } from '../components/layout/side-nav.tsx';
import { ActionBar } from '../components/map-home/action-bar.tsx';
import { AllowLocationCard } from '../components/map-home/allow-location-card.tsx';
import { CaptureDialog } from '../components/map-home/capture-dialog.tsx';
import { GraffitiDialog } from '../components/map-home/graffiti-dialog.tsx';
import { ImagingControls } from '../components/map-home/imaging-controls.tsx';
import { ImagingPanel } from '../components/map-home/imaging-panel.tsx';
import { LazyMapView } from '../components/map-home/lazy-map.ts';
import {
  LocationPanel,
  discoveryToPlace,
  wallToPlace,
} from '../components/map-home/location-panel.tsx';
import { MapErrorBoundary } from '../components/map-home/map-error-boundary.tsx';
import { MapFailure, MapLoading } from '../components/map-home/map-failure.tsx';
import { MapHeader } from '../components/map-home/map-header.tsx';
import { useMapLink } from '../components/map-home/map-params.ts';
import { StageStatus, type CentreKind } from '../components/map-home/stage-status.tsx';
import { WallsPanel } from '../components/map-home/walls-panel.tsx';
import type { MapHandle } from '../components/map/map-handle.ts';
import { CAMERA, type LayerOptions, type MapType } from '../components/map/map-types.ts';
import type { Camera, MapViewState } from '../components/map/map-view.tsx';
import { fetchBoxFor, type Bounds } from '../components/map/view-bounds.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { useGeolocation, type Coordinates } from '../hooks/use-geolocation.ts';
import { usePaymentReturn } from '../hooks/use-payment-return.ts';
import { toast } from '../hooks/use-toast.ts';
import { cn } from '../lib/cn.ts';

/** How far the walls panel looks when no wall is within the usual 10 km (the API's maximum). */
const FARTHER_WALLS_RADIUS_KM = 500;

type Selection = { kind: 'wall'; wall: LegalWall } | { kind: 'discovery'; id: string } | null;

/**
 * SPEC §2 map home (/ signed in). The map starts at the map link's ?lat&lng&zoom, else the
 * player's location, else the Gold Coast fallback. Markers and discoveries load for the box
 * around the view; the walls panel lists walls within 10 km of the map centre.
 */
export default function MapHome() {
  const { user } = useAuth();
  const geo = useGeolocation();
  const link = useMapLink();
  const config = useQuery(configQuery);
  usePaymentReturn();
  const [menuOpen, setMenuOpen] = useState(false);
  const [captureOpen, setCaptureOpen] = useState(false);
  const [controlsOpen, setControlsOpen] = useState(false);
  const [graffitiSpot, setGraffitiSpot] = useState<Coordinates | null>(null);
  const [selection, setSelection] = useState<Selection>(null);
  const [mapState, setMapState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [imagery, setImagery] = useState<'online' | 'offline' | null>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [layers, setLayers] = useState<LayerOptions>({
    type: 'street_art_satellite',
    buildings: true,
    enhanced: false,
  });
  const [camera, setCamera] = useState<Camera>({
    zoom: link?.zoom ?? CAMERA.defaultZoom,
    pitch: CAMERA.tilt.initial,
    bearing: CAMERA.rotation.initial,
  });
  const [view, setView] = useState<MapViewState | null>(null);
  const [fetchBox, setFetchBox] = useState<Bounds | null>(null);

  const start = link?.centre ?? geo.location ?? FALLBACK_LOCATION;
  const centreKind: CentreKind = link ? 'link' : geo.source === 'device' ? 'device' : 'fallback';
  const centre = view?.centre ?? start;

  const nearbyWalls = useQuery(nearbyWallsQuery(centre));
  const noWallsNear = nearbyWalls.isSuccess && nearbyWalls.data.length === 0;
  const fartherWalls = useQuery({
    ...nearbyWallsQuery(centre, FARTHER_WALLS_RADIUS_KM),
    enabled: noWallsNear,
  });
  const wallsInView = useQuery(wallsInViewQuery(fetchBox));
  const points = useQuery(discoveryPointsQuery(fetchBox));
  const markers = useQuery(markersQuery);
  const nearbyDiscoveries = useQuery(nearbyDiscoveriesQuery(geo.location));
  const discovery = useQuery(discoveryQuery(selection?.kind === 'discovery' ? selection.id : null));
  const dropMarker = useDropMarker();

  // A location found after the map started (or a new map link) moves the map there.
  const target = link?.centre ?? (geo.source === 'device' ? geo.location : null);
  useEffect(() => {
    if (handle && target) handle.flyTo(target, link?.zoom);
  }, [handle, target?.latitude, target?.longitude, link?.zoom]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!user) return <PageSkeleton />;

  const place =
    selection?.kind === 'wall'
      ? wallToPlace({
          ...selection.wall,
          distanceKm: distanceKm(
            centre.latitude,
            centre.longitude,
            selection.wall.latitude,
            selection.wall.longitude,
          ),
        })
      : selection?.kind === 'discovery' && discovery.data
        ? discoveryToPlace(discovery.data)
        : null;

  const closePanel = () => {
    const id = selection?.kind === 'wall' ? selection.wall.id : null;
    setSelection(null);
    // Back to the list entry the panel came from, once the list is visible again.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`li [data-wall-id="${id}"]`)?.focus(),
    );
  };

  const switchMapType = (type: MapType) => {
    try {
      if (!handle) throw new Error('Map not ready');
      handle.setMapType(type);
      setLayers((l) => ({ ...l, type }));
    } catch {
      toast({ title: 'Error', description: 'Failed to switch map type', variant: 'destructive' });
    }
  };

  const drop = (spot: Coordinates) =>
    dropMarker.mutate(spot, {
      onSuccess: () =>
        toast({ title: 'Marker Dropped!', description: 'Your custom marker has been placed.' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to drop marker. Please try again.',
          variant: 'destructive',
        }),
    });

  const ready = mapState === 'ready' && handle !== null;
  const sidePanelOpen = controlsOpen || place !== null;

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-wall">
      <MapHeader user={user} onOpenMenu={() => setMenuOpen(true)} />

      <main className="relative min-h-0 flex-1">
        <h1 className="sr-only">StreetScope map</h1>
        {config.data && mapState !== 'failed' && (
          <MapErrorBoundary onError={() => setMapState('failed')}>
            <Suspense fallback={null}>
              <LazyMapView
                sources={config.data.map}
                initialCentre={start}
                initialZoom={link?.zoom ?? CAMERA.defaultZoom}
                initialLayers={layers}
                walls={wallsInView.data ?? []}
                selectedWallId={selection?.kind === 'wall' ? selection.wall.id : null}
                points={points.data?.points}
                player={geo.source === 'device' ? geo.location : null}
                markers={markers.data ?? []}
                onReady={(h) => {
                  setHandle(h);
                  setMapState('ready');
                }}
                onFail={() => setMapState('failed')}
                onCamera={setCamera}
                onView={(v) => {
                  setView(v);
                  setFetchBox((current) => fetchBoxFor(v.bounds, current));
                }}
                onSelectWall={(wall) => setSelection({ kind: 'wall', wall })}
                onSelectDiscovery={(id) => setSelection({ kind: 'discovery', id })}
                onSpotClick={setGraffitiSpot}
                onDropMarker={drop}
                onImagery={setImagery}
              />
            </Suspense>
          </MapErrorBoundary>
        )}
        {mapState === 'loading' && <MapLoading />}
        {mapState === 'failed' && <MapFailure />}

        {mapState !== 'failed' && (
          <div className="pointer-events-none absolute inset-0 flex flex-col gap-3 p-3 pb-9 md:flex-row md:items-start md:p-4 md:pb-9">
            <div className="flex min-h-0 flex-1 flex-col gap-3 md:h-full md:w-80 md:flex-none">
              <StageStatus
                centre={centre}
                centreKind={centreKind}
                zoom={view ? Math.round(view.zoom) : (link?.zoom ?? null)}
                nearbyDiscoveries={nearbyDiscoveries.data?.length ?? null}
                canReturnToPlayer={!!link && geo.source === 'device'}
                imagery={ready ? (imagery ?? 'online') : null}
              />
              {!geo.location && (
                <AllowLocationCard
                  locating={geo.status === 'locating'}
                  onAllow={geo.requestLocation}
                />
              )}
              <ImagingPanel
                mapType={layers.type}
                disabled={!ready}
                onMapType={switchMapType}
                onMaxZoom={() => handle?.zoomBy(CAMERA.quickMaxZoomStep)}
                onAdvanced={() => setControlsOpen(true)}
              />
              <WallsPanel
                walls={nearbyWalls.data}
                farther={noWallsNear ? fartherWalls.data?.slice(0, 3) : undefined}
                status={nearbyWalls.status}
                selectedWallId={selection?.kind === 'wall' ? selection.wall.id : null}
                onSelectWall={(wall) => {
                  setSelection({ kind: 'wall', wall });
                  handle?.flyTo(wall);
                }}
                onRetry={() => void nearbyWalls.refetch()}
                className={cn('mt-auto md:mt-0', sidePanelOpen && 'max-md:hidden')}
              />
            </div>
            {sidePanelOpen && (
              <div className="flex min-h-0 flex-col gap-3 max-md:mt-auto max-md:max-h-[65%] md:ml-auto md:h-full md:w-96">
                {controlsOpen && handle && (
                  <ImagingControls
                    mapType={layers.type}
                    camera={camera}
                    buildings={layers.buildings}
                    enhanced={layers.enhanced}
                    onClose={() => setControlsOpen(false)}
                    className={cn('min-h-0', place && 'max-md:hidden')}
                    actions={{
                      onMapType: switchMapType,
                      // The slider shows its new value at once: a second key press before
                      // the map's next frame then steps on from it, not from the old one.
                      onPitch: (pitch) => {
                        handle.setPitch(pitch);
                        setCamera((c) => ({ ...c, pitch }));
                      },
                      onBearing: (bearing) => {
                        handle.setBearing(bearing);
                        setCamera((c) => ({ ...c, bearing }));
                      },
                      onZoomIn: handle.zoomIn,
                      onZoomOut: handle.zoomOut,
                      onMaxDetail: () => handle.zoomBy(CAMERA.maxDetailZoomStep),
                      onReset: handle.reset,
                      onBuildings: (on) => {
                        handle.setBuildings(on);
                        setLayers((l) => ({ ...l, buildings: on }));
                      },
                      onEnhanced: (on) => {
                        handle.setEnhanced(on);
                        setLayers((l) => ({ ...l, enhanced: on }));
                      },
                    }}
                  />
                )}
                {place && <LocationPanel place={place} onClose={closePanel} className="min-h-0" />}
              </div>
            )}
          </div>
        )}
      </main>

      <ActionBar onCapture={() => setCaptureOpen(true)} />

      <SideNav open={menuOpen} onOpenChange={setMenuOpen} />
      <CaptureDialog
        open={captureOpen}
        onOpenChange={setCaptureOpen}
        geo={geo}
        isPro={user.isPro}
      />
      <GraffitiDialog spot={graffitiSpot} onClose={() => setGraffitiSpot(null)} />
    </div>
  );
}
