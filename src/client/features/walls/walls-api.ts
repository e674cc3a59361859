import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SEARCH_RADIUS_KM } from '../../../core/constants.ts';
import type { BoundsQuery } from '../../../core/schemas/map.ts';
import type {
  ConfirmWall,
  ConfirmedWall,
  LegalWall,
  NearbyLegalWall,
  ProposeWall,
  ReportWall,
  WallDetail,
} from '../../../core/schemas/walls.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { apiRequest, getQueryFn, throwIfResNotOk } from '../../lib/query-client.ts';
import { createOrQueue } from '../../outbox/queue.ts';

/**
 * Legal graffiti walls (SPEC §7). Every key starts with wallKeys.all, so invalidating it
 * refreshes the list's pages (src/client/api/catalog.ts), the map's walls and every nearby
 * search at once.
 */
export const wallKeys = {
  all: ['/api/legal-walls'] as const,
  nearby: (centre: Coordinates, radius: number) =>
    [...wallKeys.all, 'nearby', { ...roundCentre(centre), radius }] as const,
  one: (id: string) => [...wallKeys.all, id] as const,
};

/** ~1 m precision: a GPS jitter of a few centimetres does not start a new search. */
function roundCentre({ latitude, longitude }: Coordinates): Coordinates {
  return { latitude: Number(latitude.toFixed(5)), longitude: Number(longitude.toFixed(5)) };
}

/** GET /api/legal-walls/nearby?latitude&longitude&radius=10: closest first, with distanceKm. */
export function nearbyWallsQuery(
  centre: Coordinates,
  radius: number = SEARCH_RADIUS_KM.legalWalls,
) {
  const key = wallKeys.nearby(centre, radius);
  return queryOptions({
    queryKey: key,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<NearbyLegalWall[]> => {
      const { latitude, longitude } = key[2];
      const params = new URLSearchParams({
        latitude: String(latitude),
        longitude: String(longitude),
        radius: String(radius),
      });
      const res = await fetch(`/api/legal-walls/nearby?${params}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as NearbyLegalWall[];
    },
  });
}

const boundsParams = (b: BoundsQuery) =>
  new URLSearchParams({
    west: String(b.west),
    south: String(b.south),
    east: String(b.east),
    north: String(b.north),
  });

/** GET /api/legal-walls/in-view: the walls inside the map's fetch box, for its markers. */
export function wallsInViewQuery(bounds: BoundsQuery | null) {
  return queryOptions({
    queryKey: [...wallKeys.all, 'in-view', bounds] as const,
    enabled: bounds !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<LegalWall[]> => {
      const res = await fetch(`/api/legal-walls/in-view?${boundsParams(bounds!)}`, {
        credentials: 'include',
        signal,
      });
      await throwIfResNotOk(res);
      return (await res.json()) as LegalWall[];
    },
  });
}

/**
 * GET /api/legal-walls/:id: one wall for its panel, with what the signed-in player may do.
 * Asked again each time the panel opens: a discovery made since may have made it a visit.
 */
export function wallQuery(id: string) {
  return queryOptions({
    queryKey: wallKeys.one(id),
    refetchOnMount: 'always',
    queryFn: getQueryFn<WallDetail>({ on401: 'throw' }),
  });
}

/** A write about walls: on success every wall read (map, lists, panels) is asked again. */
function useWallWrite<Body, Result>(path: (body: Body) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body): Promise<Result> => {
      const res = await apiRequest('POST', path(body), body);
      return (await res.json()) as Result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.all }),
  });
}

/**
 * POST /api/legal-walls/:id/confirmations: "painted here legally on <date>". Without signal it
 * waits in the outbox (docs/decisions/034) and resolves null.
 */
/** A wall confirmation as the outbox keeps it: what the list shows and where it goes. */
export const confirmationItem = (id: string, paintedOn: string) => ({
  kind: 'wall-confirmation' as const,
  title: `Painted here on ${paintedOn}`,
  path: `/api/legal-walls/${encodeURIComponent(id)}/confirmations`,
});

export function useConfirmWall(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmWall) =>
      createOrQueue<ConfirmedWall>({ ...confirmationItem(id, body.paintedOn), body: { ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.all }),
  });
}

/** POST /api/legal-walls: a proposal, stored unverified. */
export const useProposeWall = () => useWallWrite<ProposeWall, WallDetail>(() => '/api/legal-walls');

/** POST /api/legal-walls/:id/reports: closed, not legal, private property or gone. */
export const useReportWall = (id: string) =>
  useWallWrite<ReportWall, WallDetail>(() => `/api/legal-walls/${encodeURIComponent(id)}/reports`);
