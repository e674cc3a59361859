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

/** How close a link to one discovery opens the map: the piece and its street. */
export const DISCOVERY_LINK_ZOOM = 18;

/** Discovery ids are generated UUIDs or seed slugs: letters, digits and dashes. */
const DISCOVERY_ID = /^[A-Za-z0-9-]{1,100}$/;

/**
 * A link that opens the map at one discovery and asks for it to be selected on arrival
 * (My Discoveries): ?lat&lng&zoom as SPEC's map links, plus &discovery=<id>.
 */
export function discoveryMapHref(d: { id: string; latitude: number; longitude: number }): string {
  const params = new URLSearchParams({
    lat: String(d.latitude),
    lng: String(d.longitude),
    zoom: String(DISCOVERY_LINK_ZOOM),
    discovery: d.id,
  });
  return `/?${params}`;
}

/** The discovery a map link asks to select (`&discovery=<id>`), when it is well formed. */
export function parseLinkedDiscovery(search: string): string | null {
  const id = new URLSearchParams(search).get('discovery');
  return id !== null && DISCOVERY_ID.test(id) ? id : null;
}

export function useLinkedDiscovery(): string | null {
  return parseLinkedDiscovery(useSearch());
}
