import { queryOptions } from '@tanstack/react-query';
import type { AreaContents } from '../../../core/schemas/area.ts';
import type { Coordinates } from '../../hooks/use-geolocation.ts';
import { throwIfResNotOk } from '../../lib/query-client.ts';
import { SAVING_AREA_FRAGMENT } from '../../sw/routes.ts';
import { listAreas } from '../../sw/saved-areas-store.ts';

/** Saved areas are on the device, not the server; their key is the player's. */
export const savedAreaKeys = {
  all: ['saved-areas'] as const,
  of: (userId: string) => [...savedAreaKeys.all, userId] as const,
};

/** The player's saved areas on this device, newest first. */
export const savedAreasQuery = (userId: string) =>
  queryOptions({ queryKey: savedAreaKeys.of(userId), queryFn: () => listAreas(userId) });

/**
 * GET /api/area: what an area of `radius` km around `centre` holds. Never kept by the worker
 * (a saved area keeps it), and asked again for each dialog.
 */
export const areaContentsQuery = (centre: Coordinates, radius: number) =>
  queryOptions({
    queryKey: ['/api/area', centre.latitude, centre.longitude, radius] as const,
    staleTime: 0,
    gcTime: 0,
    queryFn: async ({ signal }): Promise<AreaContents> => {
      const params = new URLSearchParams({
        latitude: centre.latitude.toFixed(5),
        longitude: centre.longitude.toFixed(5),
        radius: String(radius),
      });
      const res = await fetch(`/api/area?${params}`, { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return (await res.json()) as AreaContents;
    },
  });

/** Longer than a working host takes to send one tile over a slow phone connection. */
const PROBE_TIMEOUT_MS = 8_000;

/**
 * Whether the imagery host answers at all, asked with one tile (`url`, null without imagery)
 * before any imagery is promised. It goes to the network, past the worker's caches, as the
 * download's requests do; a 404 is an answer (no imagery at that spot).
 */
export const imageryProbeQuery = (url: string | null) =>
  queryOptions({
    queryKey: ['imagery-probe', url] as const,
    enabled: url !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        const res = await fetch(`${url!}${SAVING_AREA_FRAGMENT}`, {
          cache: 'no-store',
          mode: 'cors',
          signal: AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]),
        });
        return res.ok || res.status === 404;
      } catch (error) {
        if (signal.aborted) throw error;
        return false;
      }
    },
  });
