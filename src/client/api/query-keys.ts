import type { Coordinates } from '../hooks/use-geolocation.ts';

/*
 * Query keys several features read and invalidate: a find on the map refreshes the artwork page
 * and the player's discoveries, a log on the artwork page refreshes the map.
 */

/**
 * Artworks (docs/decisions/021-artworks-and-logs.md). Keys are the request paths, so the
 * default GET joins them with "/"; mutations invalidate with these, never retyped strings.
 */
export const artworkKeys = {
  all: ['/api/artworks'] as const,
  one: (id: string) => ['/api/artworks', id] as const,
  /** The map's layers (artwork-map.ts fetches them itself): under `all`, so a log refreshes them. */
  map: (layer: 'in-view' | 'heat' | 'my-logs') => ['/api/artworks', 'map', layer] as const,
};

/** Discoveries (SPEC §7). Mutations invalidate with these keys, never retyped strings. */
export const discoveryKeys = {
  user: ['/api/discoveries/user'] as const,
  mine: ['/api/discoveries/mine'] as const,
  nearbyAll: ['/api/discoveries/nearby'] as const,
  one: (id: string) => ['/api/discoveries', id] as const,
  nearby: (centre: Coordinates, radius: number) =>
    [
      ...discoveryKeys.nearbyAll,
      {
        latitude: Number(centre.latitude.toFixed(5)),
        longitude: Number(centre.longitude.toFixed(5)),
        radius,
      },
    ] as const,
};
