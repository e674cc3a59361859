import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  ArtworkStatus,
  ArtworkWaypoints,
  ArtworksInView,
  HeatPoints,
  Matches,
  MyLogPoints,
} from '../../../../core/schemas/artworks.ts';
import type { BoundsQuery } from '../../../../core/schemas/map.ts';
import { apiRequest, throwIfResNotOk } from '../../../lib/query-client.ts';
import { artworkKeys } from '../../../api/query-keys.ts';
import { artworkQuery } from '../../artwork/index.ts';

/*
 * Artworks as the map sees them (docs/decisions/021-artworks-and-logs.md): one point per piece,
 * the selected piece for the panel, and "is this the same piece?" offers while documenting.
 * Keys are api/artworks.ts's, so a log made on the artwork page refreshes the map too.
 */

/** Not seen for longer than this, an artwork is drawn faded: it may be gone by now. */
export const STALE_AFTER_DAYS = 180;

/** Whether an artwork last seen at `lastSeen` (epoch seconds) is past STALE_AFTER_DAYS. */
export const isStale = (lastSeen: number, now = Date.now()) =>
  now / 1000 - lastSeen > STALE_AFTER_DAYS * 86_400;

export type StatusFilter = 'all' | ArtworkStatus;
export type SeenWithin = 7 | 30 | 365;
export type LoggedByMe = 'all' | 'mine' | 'not-mine';

/**
 * What the map shows. The status filter and the artworks, legal walls and missions layers are
 * everyone's; seenWithinDays, hasPhoto, loggedByMe and the heat and my-logs layers are Pro (the
 * server answers 403 to anyone else).
 */
export interface MapFilters {
  status: StatusFilter;
  seenWithinDays: SeenWithin | null;
  hasPhoto: boolean;
  loggedByMe: LoggedByMe;
  layers: { artworks: boolean; walls: boolean; missions: boolean; heat: boolean; myLogs: boolean };
}

export const DEFAULT_FILTERS: MapFilters = {
  status: 'all',
  seenWithinDays: null,
  hasPhoto: false,
  loggedByMe: 'all',
  layers: { artworks: true, walls: true, missions: true, heat: false, myLogs: false },
};

/** The query parameters for `filters`; Pro ones only for a Pro player. */
export function filterParams(filters: MapFilters, isPro: boolean): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.status !== 'all') params.status = filters.status;
  if (!isPro) return params;
  if (filters.seenWithinDays) params.seenWithinDays = String(filters.seenWithinDays);
  if (filters.hasPhoto) params.hasPhoto = 'true';
  if (filters.loggedByMe !== 'all') params.loggedByMe = String(filters.loggedByMe === 'mine');
  return params;
}

/** The box and any filters as query parameters. */
const boxQuery = ({ west, south, east, north }: BoundsQuery, params: Record<string, string>) =>
  new URLSearchParams({
    west: String(west),
    south: String(south),
    east: String(east),
    north: String(north),
    ...params,
  });

/** GET one of the map's box layers. */
function boxLayerQuery<T>(
  layer: 'in-view' | 'heat' | 'my-logs',
  bounds: BoundsQuery | null,
  params: Record<string, string>,
  enabled: boolean,
) {
  return queryOptions({
    queryKey: [...artworkKeys.map(layer), bounds, params] as const,
    enabled: enabled && bounds !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<T> => {
      const res = await fetch(`/api/artworks/${layer}?${boxQuery(bounds!, params)}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as T;
    },
  });
}

/**
 * GET /api/artworks/in-view: the server's clusters or the pieces for the map's artwork box at a
 * zoom level, filtered (docs/decisions/029-map-clusters.md). Off (no request) while the artworks
 * layer is hidden.
 */
export const artworksInViewQuery = (
  view: { box: BoundsQuery; zoom: number } | null,
  params: Record<string, string>,
  enabled = true,
) =>
  boxLayerQuery<ArtworksInView>(
    'in-view',
    view?.box ?? null,
    { ...params, zoom: String(view?.zoom ?? 0) },
    enabled,
  );

/** GET /api/artworks/heat (Pro): where art was logged in the last 30 days, and how much. */
export const heatQuery = (bounds: BoundsQuery | null, enabled: boolean) =>
  boxLayerQuery<HeatPoints>('heat', bounds, {}, enabled);

/** GET /api/artworks/my-logs (Pro): the player's own newest log per artwork. */
export const myLogsQuery = (bounds: BoundsQuery | null, enabled: boolean) =>
  boxLayerQuery<MyLogPoints>('my-logs', bounds, {}, enabled);

/**
 * GET /api/artworks/waypoints: the artworks in the box by title, for a GPX export; asked when
 * the player exports, never clustered.
 */
export async function fetchArtworkWaypoints(
  bounds: BoundsQuery,
  params: Record<string, string>,
): Promise<ArtworkWaypoints> {
  const res = await apiRequest('GET', `/api/artworks/waypoints?${boxQuery(bounds, params)}`);
  return (await res.json()) as ArtworkWaypoints;
}

/** GET /api/artworks/:id for the map's panel: nothing asked while nothing is selected. */
export function selectedArtworkQuery(id: string | null) {
  return queryOptions({ ...artworkQuery(id ?? ''), enabled: id !== null });
}

/** POST /api/artworks/matches: artworks near the pin that look like the uploaded photo. */
export function useArtworkMatches() {
  return useMutation({
    mutationFn: async (body: {
      imageUrl: string;
      latitude: number;
      longitude: number;
    }): Promise<Matches> => {
      const res = await apiRequest('POST', '/api/artworks/matches', body);
      return (await res.json()) as Matches;
    },
  });
}
