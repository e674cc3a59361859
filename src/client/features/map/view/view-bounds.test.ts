import { describe, expect, it } from 'vitest';
import { artworkViewFor } from './view-bounds.ts';

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
