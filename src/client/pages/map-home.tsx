import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NearbyLegalWall } from '../../core/schemas/walls.ts';
import { nearbyDiscoveriesQuery } from '../api/discoveries.ts';
import { nearbyWallsQuery } from '../api/walls.ts';
import { PageSkeleton } from '../components/layout/page-skeleton.tsx';
import { SideNav } from '../components/layout/side-nav.tsx';
import { ActionBar } from '../components/map-home/action-bar.tsx';
import { AllowLocationCard } from '../components/map-home/allow-location-card.tsx';
import { CaptureDialog } from '../components/map-home/capture-dialog.tsx';
import { LocationPanel, wallToPlace } from '../components/map-home/location-panel.tsx';
import { MapHeader } from '../components/map-home/map-header.tsx';
import { useMapLink } from '../components/map-home/map-params.ts';
import { MapStage, type CentreKind } from '../components/map-home/map-stage.tsx';
import { StageStatus } from '../components/map-home/stage-status.tsx';
import { WallsPanel } from '../components/map-home/walls-panel.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { useGeolocation } from '../hooks/use-geolocation.ts';
import { cn } from '../lib/cn.ts';
import { FALLBACK_LOCATION } from '../../core/constants.ts';

/**
 * SPEC §2 map home (/ signed in). The centre is the map link's ?lat&lng when present, else the
 * player's location, else the Gold Coast fallback; legal walls are searched around the centre,
 * discoveries around the player.
 */
export default function MapHome() {
  const { user } = useAuth();
  const geo = useGeolocation();
  const link = useMapLink();
  const [menuOpen, setMenuOpen] = useState(false);
  const [captureOpen, setCaptureOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const centre = link?.centre ?? geo.location ?? FALLBACK_LOCATION;
  const centreKind: CentreKind = link ? 'link' : geo.source === 'device' ? 'device' : 'fallback';

  const walls = useQuery(nearbyWallsQuery(centre));
  const discoveries = useQuery(nearbyDiscoveriesQuery(geo.location));
  const selected = walls.data?.find((w) => w.id === selectedId) ?? null;

  if (!user) return <PageSkeleton />;

  const selectWall = (wall: NearbyLegalWall) => setSelectedId(wall.id);
  const closePanel = () => {
    const id = selectedId;
    setSelectedId(null);
    // Back to the list entry the panel came from, once the list is visible again.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-wall-id="${id}"]`)?.focus(),
    );
  };

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-wall">
      <MapHeader user={user} onOpenMenu={() => setMenuOpen(true)} />

      <main className="relative min-h-0 flex-1">
        <h1 className="sr-only">StreetScope map</h1>
        <MapStage
          centre={centre}
          centreKind={centreKind}
          walls={walls.data ?? []}
          selectedWallId={selectedId}
          onSelectWall={selectWall}
        />

        <div className="pointer-events-none absolute inset-0 flex flex-col gap-3 p-3 md:flex-row md:items-start md:p-4">
          <div className="flex min-h-0 flex-1 flex-col gap-3 md:h-full md:w-80 md:flex-none">
            <StageStatus
              centre={centre}
              centreKind={centreKind}
              zoom={link?.zoom ?? null}
              nearbyDiscoveries={discoveries.data?.length ?? null}
              canReturnToPlayer={!!link && geo.source === 'device'}
            />
            {!geo.location && (
              <AllowLocationCard
                locating={geo.status === 'locating'}
                onAllow={geo.requestLocation}
              />
            )}
            <WallsPanel
              walls={walls.data}
              status={walls.status}
              selectedWallId={selectedId}
              onSelectWall={selectWall}
              onRetry={() => void walls.refetch()}
              className={cn('mt-auto md:mt-0', selected && 'max-md:hidden')}
            />
          </div>
          {selected && (
            <LocationPanel
              place={wallToPlace(selected)}
              onClose={closePanel}
              className="max-h-[60%] md:ml-auto md:max-h-full md:w-96"
            />
          )}
        </div>
      </main>

      <ActionBar onCapture={() => setCaptureOpen(true)} />

      <SideNav open={menuOpen} onOpenChange={setMenuOpen} />
      <CaptureDialog
        open={captureOpen}
        onOpenChange={setCaptureOpen}
        geo={geo}
        isPro={user.isPro}
      />
    </div>
  );
}
