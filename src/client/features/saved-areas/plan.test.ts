import { describe, expect, it } from 'vitest';
import {
  AREA_CAP_BYTES,
  IMAGERY_TILE_BYTES,
  STREET_TILE_BYTES,
  TOTAL_CAP_BYTES,
  deepestImageryZoom,
  missingBytes,
  overCap,
  planArea,
  probeTileUrl,
  rangeSize,
  tileRanges,
  tileUrl,
  tileX,
  tileY,
  tilesOf,
  withoutImagery,
} from './plan.ts';

const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };

describe('tile numbers', () => {
  it('match the Web Mercator scheme MapLibre and the imagery hosts use', () => {
    // The tile of Sydney's centre at zoom 15, by the OSM slippy-map formula (asinh form).
    expect([tileX(SYDNEY.longitude, 15), tileY(SYDNEY.latitude, 15)]).toEqual([30147, 19663]);
    expect([tileX(-180, 3), tileY(85.0511, 3)]).toEqual([0, 0]);
    expect([tileX(180, 3), tileY(-85.0511, 3)]).toEqual([7, 7]);
    expect(tileY(89.9, 4)).toBe(0);
  });
});

describe('tile ranges for a radius', () => {
  it('cover the circle: each edge of the box lies in the range', () => {
    const [r] = tileRanges(SYDNEY, 1, 17);
    // 1 km is about 0.009° of latitude; at -33.9° about 0.0108° of longitude.
    expect(r!.minX).toBe(tileX(SYDNEY.longitude - 0.0109, 17));
    expect(r!.maxX).toBe(tileX(SYDNEY.longitude + 0.0109, 17));
    expect(r!.minY).toBe(tileY(SYDNEY.latitude + 0.009, 17));
    expect(r!.maxY).toBe(tileY(SYDNEY.latitude - 0.009, 17));
    // A zoom-17 tile is about 250 m wide here: 2 km across takes 9 or 10 of them.
    expect(r!.maxX - r!.minX + 1).toBeGreaterThanOrEqual(9);
    expect(r!.maxX - r!.minX + 1).toBeLessThanOrEqual(10);
  });

  it('split in two across the antimeridian', () => {
    const ranges = tileRanges({ latitude: -16.5, longitude: 179.999 }, 2, 12);
    expect(ranges).toHaveLength(2);
    expect(ranges.map((r) => [r.minX, r.maxX]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [0, 0],
      [4095, 4095],
    ]);
  });

  it('list every tile once', () => {
    const ranges = tileRanges(SYDNEY, 2, 16);
    const tiles = [...tilesOf(ranges)];
    expect(tiles).toHaveLength(rangeSize(ranges[0]!));
    expect(new Set(tiles.map((t) => t.join('/'))).size).toBe(tiles.length);
  });
});

describe('the zooms kept', () => {
  it('go deeper for smaller areas, never past what the imagery has', () => {
    expect([1, 2, 5].map((r) => deepestImageryZoom(r, 19))).toEqual([18, 17, 16]);
    expect(deepestImageryZoom(1, 17)).toBe(17);
  });
});

describe('tile URLs', () => {
  it('fill the template the map would pick for the tile', () => {
    const one = ['https://t.example/{z}/{y}/{x}.jpg'];
    expect(tileUrl(one, 12, 3771, 2458)).toBe('https://t.example/12/2458/3771.jpg');
    const two = ['https://a.example/{z}/{x}/{y}.png', 'https://b.example/{z}/{x}/{y}.png'];
    expect(tileUrl(two, 3, 1, 2)).toBe('https://b.example/3/1/2.png');
    expect(tileUrl(two, 3, 2, 2)).toBe('https://a.example/3/2/2.png');
  });
});

describe('the size estimate', () => {
  it('counts the imagery and street tiles of every zoom kept', () => {
    const plan = planArea(SYDNEY, 1, { imageryMaxZoom: 19, streetMaxZoom: 15 });
    expect(plan.imagery.map((r) => r.z)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(plan.streets.map((r) => r.z)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(plan.imageryTiles).toBe(plan.imagery.reduce((n, r) => n + rangeSize(r), 0));
    expect(plan.tileBytes).toBe(
      plan.imageryTiles * IMAGERY_TILE_BYTES + plan.streetTiles * STREET_TILE_BYTES,
    );
    // A zoom-18 tile is about 127 m wide here: some 17 × 17 of them, a quarter as many per
    // level above.
    expect(plan.imageryTiles).toBeGreaterThan(350);
    expect(plan.imageryTiles).toBeLessThan(450);
  });

  it('has no tiles for a source the server does not configure', () => {
    const plan = planArea(SYDNEY, 2, { imageryMaxZoom: null, streetMaxZoom: null });
    expect([plan.imageryTiles, plan.streetTiles, plan.tileBytes]).toEqual([0, 0, 0]);
  });

  it('keeps a 5 km area in a mid-latitude city under the cap', () => {
    const plan = planArea(SYDNEY, 5, { imageryMaxZoom: 19, streetMaxZoom: 15 });
    expect(plan.tileBytes).toBeLessThan(AREA_CAP_BYTES);
  });
});

describe('imagery its host cannot give', () => {
  const plan = planArea(SYDNEY, 1, { imageryMaxZoom: 19, streetMaxZoom: 15 });

  it('is probed with the first tile the download asks for', () => {
    const x = tileX(SYDNEY.longitude, 10);
    const y = tileY(SYDNEY.latitude, 10);
    expect(probeTileUrl(plan, ['https://a/{z}/{x}/{y}.jpg', 'https://b/{z}/{x}/{y}.jpg'])).toBe(
      tileUrl(['https://a/{z}/{x}/{y}.jpg', 'https://b/{z}/{x}/{y}.jpg'], 10, x, y),
    );
    expect(probeTileUrl(withoutImagery(plan), ['https://a/{z}/{x}/{y}.jpg'])).toBeNull();
  });

  it('is not promised: the estimate counts the street map alone', () => {
    expect(withoutImagery(plan)).toMatchObject({
      imageryTiles: 0,
      streetTiles: plan.streetTiles,
      tileBytes: plan.streetTiles * STREET_TILE_BYTES,
    });
  });

  it('is what a retry still has to fetch', () => {
    const area = { imagery: { done: 100, total: 370 }, streets: { done: 40, total: 52 } };
    expect(missingBytes(area)).toBe(270 * IMAGERY_TILE_BYTES + 12 * STREET_TILE_BYTES);
    expect(missingBytes({})).toBe(0);
  });
});

describe('the cap', () => {
  it('takes an area that fits', () => {
    expect(overCap(20 * 1_048_576, 100 * 1_048_576)).toBeNull();
  });

  it('refuses one area over its cap, saying why', () => {
    // Far north the tiles shrink: 5 km at Tromsø needs more tiles than one area may hold.
    const tromso = planArea({ latitude: 69.65, longitude: 18.96 }, 5, {
      imageryMaxZoom: 19,
      streetMaxZoom: 15,
    });
    expect(overCap(tromso.tileBytes, 0)).toMatch(
      /^This area needs about \d+ MB; one saved area may take at most 60 MB\. Choose a smaller radius\.$/,
    );
  });

  it('refuses an area that would take saved areas past the total, saying how much is used', () => {
    expect(overCap(30 * 1_048_576, TOTAL_CAP_BYTES - 10 * 1_048_576)).toBe(
      'This area needs about 30 MB, but saved areas already take 240 MB of the 250 MB they may use on this device. Remove a saved area or choose a smaller radius.',
    );
  });
});
