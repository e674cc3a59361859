import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { distanceKm } from '../../../../core/geo.ts';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import type { LegalWall } from '../../../../core/schemas/walls.ts';
import {
  artworksInViewQuery,
  filterParams,
  heatQuery,
  myLogsQuery,
  selectedArtworkQuery,
  type MapFilters,
} from '../layers/artwork-map-api.ts';
import { missionsQuery } from '../../../api/catalog.ts';
import { discoveryQuery, nearbyDiscoveriesQuery } from '../../discoveries/index.ts';
import { markersQuery } from '../capture/markers-api.ts';
import { nearbyWallsQuery, wallsInViewQuery } from '../../walls/index.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { inBounds, type ArtworkView, type Bounds } from '../view/view-bounds.ts';
import { artworkToPlace, wallToPlace, type MapPlace } from '../panels/map-place.ts';

/** Nothing yet, one array for every render: the map redraws only when its data changes. */
const NONE: never[] = [];

/** How far the walls panel looks when no wall is within the usual 10 km (the API's maximum). */
const FARTHER_WALLS_RADIUS_KM = 500;

/**
 * What the panel shows: a wall, a mission, an artwork, or the artwork a discovery logs (a link
 * from My Discoveries names the discovery).
 */
export type Selection =
  | { kind: 'wall'; wall: LegalWall }
  | { kind: 'mission'; mission: Mission }
  | { kind: 'artwork'; id: string }
  | { kind: 'discovery'; id: string }
  | null;

/**
 * What the map home shows: walls within 10 km of the map centre (or the nearest farther ones),
 * walls, markers and mission targets in the box around the view, artworks (as filtered) for the
 * zoom level, the Pro layers switched on, discoveries near the player, and the selected place.
 */
export function useMapData({
  centre,
  fetchBox,
  artworkView,
  player,
  selection,
  filters,
  isPro,
}: {
  centre: Coordinates;
  fetchBox: Bounds;
  artworkView: ArtworkView;
  player: Coordinates | null;
  selection: Selection;
  filters: MapFilters;
  isPro: boolean;
}) {
  const nearbyWalls = useQuery(nearbyWallsQuery(centre));
  const noWallsNear = nearbyWalls.isSuccess && nearbyWalls.data.length === 0;
  const fartherWalls = useQuery({
    ...nearbyWallsQuery(centre, FARTHER_WALLS_RADIUS_KM),
    enabled: noWallsNear,
  });
  const wallsInView = useQuery(wallsInViewQuery(fetchBox));
  const artworks = useQuery(
    artworksInViewQuery(artworkView, filterParams(filters, isPro), filters.layers.artworks),
  );
  const missions = useQuery({ ...missionsQuery, enabled: filters.layers.missions });
  // Only the targets in the box fetched around the view, as for walls: a marker far off screen
  // is still an element the map moves on every frame.
  const missionsNear = useMemo(
    () =>
      missions.data?.filter(
        (m) => m.targetLocation && inBounds(fetchBox, m.targetLocation.lat, m.targetLocation.lng),
      ) ?? NONE,
    [missions.data, fetchBox],
  );
  const heat = useQuery(heatQuery(fetchBox, isPro && filters.layers.heat));
  const myLogs = useQuery(myLogsQuery(fetchBox, isPro && filters.layers.myLogs));
  const markers = useQuery(markersQuery);
  const nearbyDiscoveries = useQuery(nearbyDiscoveriesQuery(player));
  const discovery = useQuery(discoveryQuery(selection?.kind === 'discovery' ? selection.id : null));
  // Discoveries made before artworks existed share their artwork's id.
  const artworkId =
    selection?.kind === 'artwork'
      ? selection.id
      : selection?.kind === 'discovery' && discovery.data
        ? (discovery.data.artworkId ?? discovery.data.id)
        : null;
  const artwork = useQuery(selectedArtworkQuery(artworkId));

  const place: MapPlace | null =
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
      : selection?.kind !== 'mission' && selection && artwork.data
        ? artworkToPlace(artwork.data)
        : null;

  return {
    nearbyWalls,
    fartherWalls: noWallsNear ? fartherWalls.data?.slice(0, 3) : undefined,
    wallsInView: filters.layers.walls ? (wallsInView.data ?? NONE) : NONE,
    artworks: artworks.data,
    missions: filters.layers.missions ? missionsNear : NONE,
    heat: isPro && filters.layers.heat ? (heat.data?.points ?? null) : null,
    myLogs: isPro && filters.layers.myLogs ? (myLogs.data?.points ?? null) : null,
    markers: markers.data ?? NONE,
    // Settled, not pending: an answer that failed still lets the map say it has drawn.
    firstDataIn:
      (!filters.layers.walls || !wallsInView.isPending) &&
      (!filters.layers.artworks || !artworks.isPending),
    nearbyDiscoveries: nearbyDiscoveries.data?.length ?? null,
    place,
  };
}
