import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { boundingBox } from '../../../core/geo.ts';
import type { ArtworkWaypoints } from '../../../core/schemas/artworks.ts';
import type { TourDetail, TourInput, TourList } from '../../../core/schemas/tours.ts';
import type { NearbyLegalWall } from '../../../core/schemas/walls.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { apiRequest, throwIfResNotOk } from '../../lib/query-client.ts';

/*
 * Walking tours (docs/decisions/044-walking-tours.md). Progress changes with every find the
 * player logs elsewhere, so tours are asked again each time a screen shows them.
 */

export const tourKeys = {
  all: ['/api/tours'] as const,
  list: ['/api/tours', 'list'] as const,
  one: (id: string) => ['/api/tours', id] as const,
};

async function getJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** GET /api/tours: every tour, by city. */
export const toursQuery = queryOptions({
  queryKey: tourKeys.list,
  staleTime: 0,
  queryFn: ({ signal }) => getJson<TourList>('/api/tours', signal),
});

/** GET /api/tours/:id: the tour, its stops and line, and the player's progress. */
export const tourQuery = (id: string) =>
  queryOptions({
    queryKey: tourKeys.one(id),
    staleTime: 0,
    queryFn: ({ signal }) => getJson<TourDetail>(`/api/tours/${encodeURIComponent(id)}`, signal),
  });

/** How far around a spot the stop picker looks. */
export const PICKER_RADIUS_KM = 2;

/** The artworks (by title) and legal walls within PICKER_RADIUS_KM of a spot, to pick stops from. */
export const placesNearQuery = (centre: Coordinates | null) =>
  queryOptions({
    queryKey: ['tour-stop-places', centre?.latitude.toFixed(4), centre?.longitude.toFixed(4)],
    enabled: centre !== null,
    queryFn: async ({ signal }) => {
      const { latitude, longitude } = centre!;
      const box = boundingBox(latitude, longitude, PICKER_RADIUS_KM);
      const lng = box.lngRanges[0]!;
      const around = new URLSearchParams({
        west: lng.min.toFixed(5),
        south: box.minLat.toFixed(5),
        east: lng.max.toFixed(5),
        north: box.maxLat.toFixed(5),
      });
      const near = new URLSearchParams({
        latitude: latitude.toFixed(5),
        longitude: longitude.toFixed(5),
        radius: String(PICKER_RADIUS_KM),
      });
      const [art, walls] = await Promise.all([
        getJson<ArtworkWaypoints>(`/api/artworks/waypoints?${around}`, signal),
        getJson<NearbyLegalWall[]>(`/api/legal-walls/nearby?${near}`, signal),
      ]);
      return { artworks: art.artworks, walls };
    },
  });

/**
 * POST /api/tours (with the form's Idempotency-Key), or PUT /api/tours/:id with `id`: the tour
 * as saved.
 */
export function useSaveTour(id: string | null, idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TourInput): Promise<TourDetail> => {
      const res = id
        ? await apiRequest('PUT', `/api/tours/${encodeURIComponent(id)}`, input)
        : await apiRequest('POST', '/api/tours', input, { 'Idempotency-Key': idempotencyKey });
      return (await res.json()) as TourDetail;
    },
    onSuccess: async (tour) => {
      queryClient.setQueryData(tourKeys.one(tour.id), tour);
      await queryClient.invalidateQueries({ queryKey: tourKeys.list });
    },
  });
}

/** DELETE /api/tours/:id: its author, or staff with a reason for the audit log. */
export function useDeleteTour(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string | null) => {
      await apiRequest('DELETE', `/api/tours/${encodeURIComponent(id)}`, reason ? { reason } : {});
    },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: tourKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: tourKeys.list });
    },
  });
}
