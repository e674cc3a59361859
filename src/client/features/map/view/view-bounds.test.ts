import { describe, expect, it } from 'vitest';
import { artworkViewFor, inBounds } from './view-bounds.ts';

describe('a place in the view', () => {
  it('is in a box by its latitude and longitude, edges included', () => {
    const melbourne = { west: 144.9, south: -37.85, east: 145.0, north: -37.8 };
    expect(inBounds(melbourne, -37.81, 144.96)).toBe(true);
    expect(inBounds(melbourne, -37.8, 145.0)).toBe(true);
    expect(inBounds(melbourne, -33.87, 151.2)).toBe(false);
    expect(inBounds(melbourne, -37.9, 144.96)).toBe(false);
  });

  it('is in a box across the antimeridian on either side of it', () => {
    const fiji = { west: 177, south: -19, east: -179, north: -16 };
    expect(inBounds(fiji, -18, 178.4)).toBe(true);
    expect(inBounds(fiji, -18, -179.5)).toBe(true);
    expect(inBounds(fiji, -18, 0)).toBe(false);
  });
});

describe("the artworks' fetch", () => {
  const view = { west: 10, south: 50, east: 12, north: 51 };

  it('keeps its box while the view pans inside it at the same zoom level', () => {
    const first = artworkViewFor(view, 8.3, null);
    expect(first).toEqual({ box: { west: 9, south: 49.5, east: 13, north: 51.5 }, zoom: 8 });
    const panned = { west: 10.5, south: 50.2, east: 12.5, north: 51.2 };
    expect(artworkViewFor(panned, 8.9, first)).toBe(first);
  });

  it('asks again for the view with its margin at a new zoom level', () => {
    const first = artworkViewFor(view, 8.3, null);
    const closer = { west: 10.5, south: 50.25, east: 11.5, north: 50.75 };
    expect(artworkViewFor(closer, 9.1, first)).toEqual({
      box: { west: 10, south: 50, east: 12, north: 51 },
      zoom: 9,
    });
  });
});
