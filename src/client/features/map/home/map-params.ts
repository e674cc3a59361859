import { useMemo } from 'react';
import { useSearch } from 'wouter';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';

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
  const search = useSearch();
  // One object per link, so what is given the map stays the same between renders.
  return useMemo(() => parseMapLink(search), [search]);
}

/** How close a link to one discovery or artwork opens the map: the piece and its street. */
export const DISCOVERY_LINK_ZOOM = 18;

/** Discovery and artwork ids are generated UUIDs or seed slugs: letters, digits and dashes. */
const PLACE_ID = /^[A-Za-z0-9-]{1,100}$/;

function pieceHref(
  param: 'discovery' | 'artwork',
  p: { id: string; latitude: number; longitude: number },
): string {
  const params = new URLSearchParams({
    lat: String(p.latitude),
    lng: String(p.longitude),
    zoom: String(DISCOVERY_LINK_ZOOM),
    [param]: p.id,
  });
  return `/?${params}`;
}

/**
 * A link that opens the map at one discovery and asks for its artwork to be selected on
 * arrival (My Discoveries): ?lat&lng&zoom as SPEC's map links, plus &discovery=<id>.
 */
export const discoveryMapHref = (d: { id: string; latitude: number; longitude: number }) =>
  pieceHref('discovery', d);

/** A link that opens the map at one artwork with its panel open: &artwork=<id>. */
export const artworkMapHref = (a: { id: string; latitude: number; longitude: number }) =>
  pieceHref('artwork', a);

/** What a map link asks to select on arrival: an artwork, or the artwork of a discovery. */
export type LinkedPiece = { kind: 'artwork' | 'discovery'; id: string };

/** `&artwork=<id>` or `&discovery=<id>` (the artwork wins when both are there), well formed. */
export function parseLinkedPiece(search: string): LinkedPiece | null {
  const params = new URLSearchParams(search);
  for (const kind of ['artwork', 'discovery'] as const) {
    const id = params.get(kind);
    if (id !== null && PLACE_ID.test(id)) return { kind, id };
  }
  return null;
}

export function useLinkedPiece(): LinkedPiece | null {
  return parseLinkedPiece(useSearch());
}
