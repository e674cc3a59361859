import { useSearch } from 'wouter';
import type { Coordinates } from '../../hooks/use-geolocation.ts';

export const MAX_ZOOM = 22;
export const DEFAULT_ZOOM = 15;

export interface MapLink {
  centre: Coordinates;
  zoom: number;
}

function numberParam(params: URLSearchParams, name: string, min: number, max: number) {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/**
 * SPEC §2: mission and wall links open the map at ?lat=..&lng=..&zoom=16. A link without a
 * valid lat and lng is ignored; a missing or bad zoom means DEFAULT_ZOOM.
 */
export function parseMapLink(search: string): MapLink | null {
  const params = new URLSearchParams(search);
  const latitude = numberParam(params, 'lat', -90, 90);
  const longitude = numberParam(params, 'lng', -180, 180);
  if (latitude === null || longitude === null) return null;
  return {
    centre: { latitude, longitude },
    zoom: numberParam(params, 'zoom', 0, MAX_ZOOM) ?? DEFAULT_ZOOM,
  };
}

export function useMapLink(): MapLink | null {
  return parseMapLink(useSearch());
}
