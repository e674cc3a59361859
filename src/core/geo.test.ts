import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  boundingBox,
  distanceKm,
  formatAddress,
  type BoundingBox,
} from './geo.ts';

const inBox = (box: BoundingBox, lat: number, lng: number) =>
  lat >= box.minLat && lat <= box.maxLat && box.lngRanges.some((r) => lng >= r.min && lng <= r.max);

/** The point radiusKm from (lat, lng) in direction bearingDeg (direct geodesic on a sphere). */
function destination(lat: number, lng: number, bearingDeg: number, km: number) {
  const r = (d: number) => (d * Math.PI) / 180;
  const d = km / EARTH_RADIUS_KM;
  const φ1 = r(lat);
  const θ = r(bearingDeg);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    r(lng) +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  const lngDeg = ((((λ2 * 180) / Math.PI + 540) % 360) + 360) % 360;
  return { lat: (φ2 * 180) / Math.PI, lng: lngDeg - 180 };
}

describe('distanceKm', () => {
  it('matches known city pairs within 1%', () => {
    // Sydney – Melbourne ≈ 713 km; London – Paris ≈ 344 km; Sydney – London ≈ 16,990 km.
    expect(distanceKm(-33.8688, 151.2093, -37.8136, 144.9631)).toBeCloseTo(713, -1);
    expect(Math.abs(distanceKm(51.5074, -0.1278, 48.8566, 2.3522) - 344) / 344).toBeLessThan(0.01);
    expect(
      Math.abs(distanceKm(-33.8688, 151.2093, 51.5074, -0.1278) - 16_990) / 16_990,
    ).toBeLessThan(0.01);
  });

  it('is zero for the same point, symmetric, and one degree of latitude is ~111.2 km', () => {
    expect(distanceKm(-28.0167, 153.4, -28.0167, 153.4)).toBe(0);
    expect(distanceKm(10, 20, 30, 40)).toBeCloseTo(distanceKm(30, 40, 10, 20), 9);
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(111.195, 2);
  });

  it('is short across the antimeridian and half the circumference for antipodes', () => {
    expect(distanceKm(0, 179.99, 0, -179.99)).toBeCloseTo(2.224, 2);
    expect(distanceKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    expect(distanceKm(90, 0, -90, 0)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
  });
});

describe('boundingBox', () => {
  const centres: [number, number][] = [
    [-28.0167, 153.4],
    [0, 0],
    [51.5, -0.12],
    [-33.87, 151.21],
    [60, 179.99],
    [-45, -179.95],
    [75, 20],
    [-80, 100],
    [88.5, 0],
  ];

  it('contains every point of the circle, at every radius used by the app', () => {
    for (const [lat, lng] of centres) {
      for (const km of [0.1, 4, 10, 50, 500]) {
        const box = boundingBox(lat, lng, km);
        for (let bearing = 0; bearing < 360; bearing += 5) {
          const p = destination(lat, lng, bearing, km * 0.999_999);
          expect(inBox(box, p.lat, p.lng), `${lat},${lng} r=${km} b=${bearing}`).toBe(true);
        }
      }
    }
  });

  it('is one tight range away from the antimeridian and the poles', () => {
    const box = boundingBox(0, 0, 111.195);
    expect(box.minLat).toBeCloseTo(-1, 3);
    expect(box.maxLat).toBeCloseTo(1, 3);
    expect(box.lngRanges).toHaveLength(1);
    expect(box.lngRanges[0]!.min).toBeCloseTo(-1, 2);
    expect(box.lngRanges[0]!.max).toBeCloseTo(1, 2);
  });

  it('splits in two longitude ranges across the antimeridian, both ways', () => {
    const east = boundingBox(0, 179.99, 4);
    expect(east.lngRanges).toHaveLength(2);
    expect(inBox(east, 0, -179.99)).toBe(true);
    expect(inBox(east, 0, 179.99)).toBe(true);
    expect(inBox(east, 0, 0)).toBe(false);
    expect(inBox(east, 0, -179.9)).toBe(false);

    const west = boundingBox(10, -179.99, 4);
    expect(west.lngRanges).toHaveLength(2);
    expect(inBox(west, 10, 179.99)).toBe(true);
    expect(inBox(west, 10, -179.99)).toBe(true);
    expect(inBox(west, 10, 90)).toBe(false);
  });

  it('spans every longitude when the circle reaches a pole or is very wide', () => {
    const north = boundingBox(89.99, 45, 10);
    expect(north.maxLat).toBe(90);
    expect(north.lngRanges).toEqual([{ min: -180, max: 180 }]);
    const south = boundingBox(-89.99, -120, 10);
    expect(south.minLat).toBe(-90);
    expect(south.lngRanges).toEqual([{ min: -180, max: 180 }]);
    // Near (not at) a pole the longitude span grows but stays correct.
    const high = boundingBox(88.5, 0, 50);
    expect(high.maxLat).toBeLessThan(90);
    expect(high.lngRanges).toHaveLength(1);
    expect(high.lngRanges[0]!.max - high.lngRanges[0]!.min).toBeGreaterThan(40);
    expect(boundingBox(0, 0, 20_000).lngRanges).toEqual([{ min: -180, max: 180 }]);
  });
});

describe('formatAddress (SPEC §3)', () => {
  it("is 'lat,lng' to 6 decimals", () => {
    expect(formatAddress(-28.0167, 153.4)).toBe('-28.016700,153.400000');
    expect(formatAddress(0, -0.1234567)).toBe('0.000000,-0.123457');
  });
});
