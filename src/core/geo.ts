/** Great-circle maths for "nearby" queries. Pure; no I/O. */

export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface LngRange {
  min: number;
  max: number;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** One range, or two when the box crosses the antimeridian. */
  lngRanges: LngRange[];
}

/** A box that contains every point within radiusKm of the centre (a prefilter for indexes). */
export function boundingBox(lat: number, lng: number, radiusKm: number): BoundingBox {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  if (minLat <= -90 || maxLat >= 90) {
    return { minLat, maxLat, lngRanges: [{ min: -180, max: 180 }] };
  }
  const maxAbsLat = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLng = dLat / Math.cos(rad(maxAbsLat));
  if (dLng >= 180) return { minLat, maxLat, lngRanges: [{ min: -180, max: 180 }] };
  const min = lng - dLng;
  const max = lng + dLng;
  if (min < -180) {
    return {
      minLat,
      maxLat,
      lngRanges: [
        { min: -180, max },
        { min: min + 360, max: 180 },
      ],
    };
  }
  if (max > 180) {
    return {
      minLat,
      maxLat,
      lngRanges: [
        { min, max: 180 },
        { min: -180, max: max - 360 },
      ],
    };
  }
  return { minLat, maxLat, lngRanges: [{ min, max }] };
}

/** SPEC §3: the discovery address is the text 'lat,lng' to 6 decimals. */
export function formatAddress(lat: number, lng: number): string {
  return `${lat.toFixed(6)},${lng.toFixed(6)}`;
}
