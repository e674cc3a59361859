import { describe, expect, it } from 'vitest';
import { firstFetch, viewBoundsAt } from './first-view.ts';
import { containsBounds } from './view-bounds.ts';

const EQUATOR = { latitude: 0, longitude: 0 };
/** Degrees of longitude per CSS pixel at zoom 10: the world is 512 × 2^10 pixels wide. */
const PER_PIXEL = 360 / (512 * 2 ** 10);

describe("the map's first view, before the map exists", () => {
  it('looking straight down is the screen at the zoom level', () => {
    const b = viewBoundsAt({ centre: EQUATOR, zoom: 10, pitch: 0, width: 400, height: 800 });
    expect(b.west).toBeCloseTo(-200 * PER_PIXEL, 4);
    expect(b.east).toBeCloseTo(200 * PER_PIXEL, 4);
    // At the equator a pixel north is (nearly) as many degrees as a pixel east.
    expect(b.north).toBeCloseTo(400 * PER_PIXEL, 3);
    expect(b.south).toBeCloseTo(-400 * PER_PIXEL, 3);
  });

  it('tilted 45°, reaches twice as far ahead as behind and widens at the top', () => {
    const b = viewBoundsAt({ centre: EQUATOR, zoom: 10, pitch: 45, width: 400, height: 800 });
    // Through a 36.87° field of view: the top edge 1.06 heights ahead, the bottom 0.53 behind,
    // and the top edge 1.5 times the screen's width.
    expect(b.north).toBeCloseTo(800 * 1.0607 * PER_PIXEL, 3);
    expect(b.south).toBeCloseTo(-800 * 0.5303 * PER_PIXEL, 3);
    expect(b.east).toBeCloseTo(300 * PER_PIXEL, 4);
    expect(b.west).toBeCloseTo(-300 * PER_PIXEL, 4);
  });

  it('wraps across the antimeridian as the map reports it', () => {
    const b = viewBoundsAt({
      centre: { latitude: -17, longitude: 179.99 },
      zoom: 12,
      pitch: 45,
      width: 390,
      height: 844,
    });
    expect(b.west).toBeGreaterThan(179);
    expect(b.east).toBeLessThan(-179);
  });

  it('asks for the view with a margin, at the starting zoom level', () => {
    const centre = { latitude: -28.0167, longitude: 153.4 };
    const size = { width: 390, height: 844 };
    const { fetchBox, artworkView } = firstFetch(centre, 15.5, size);
    const view = viewBoundsAt({ centre, zoom: 15.5, pitch: 45, ...size });
    expect(containsBounds(fetchBox, view)).toBe(true);
    expect(artworkView).toEqual({ box: fetchBox, zoom: 15 });
  });
});
