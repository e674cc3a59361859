import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo.ts';
import {
  STREET_DETOUR,
  WALK_KMH,
  legMetres,
  nearestNeighbourOrder,
  routeMetres,
  tourArea,
  walkMinutes,
} from './tours.ts';

/** Points due north of a spot in Montréal, `metres` apart (1° of latitude ≈ 111,195 m). */
const north = (metres: number[]) =>
  metres.map((m) => ({ latitude: 45.5 + m / 111_195, longitude: -73.57 }));

describe('distance and walking time', () => {
  it('adds the straight lines from stop to stop', () => {
    const stops = north([0, 300, 1000]);
    expect(legMetres(stops).map(Math.round)).toEqual([0, 300, 700]);
    expect(routeMetres(stops)).toBe(1000);
    // Going back the way it came counts both ways.
    expect(routeMetres(north([0, 500, 0]))).toBe(1000);
    expect(routeMetres(north([0]))).toBe(0);
  });

  it('walks at 4.5 km/h over the lines plus 30 % for streets, told to the next 5 minutes', () => {
    expect(WALK_KMH).toBe(4.5);
    expect(STREET_DETOUR).toBe(1.3);
    // 1 km of lines is 1.3 km of streets: 17.3 minutes at 75 m a minute, told as 20.
    expect(walkMinutes(1000)).toBe(20);
    // 2,885 m of lines: 3,750.5 m of streets, just over 50 minutes.
    expect(walkMinutes(2885)).toBe(55);
    expect(walkMinutes(2884)).toBe(50);
    // However short, a walk takes some minutes; no walk takes none.
    expect(walkMinutes(40)).toBe(5);
    expect(walkMinutes(0)).toBe(0);
  });
});

describe('a walkable order', () => {
  const places = [
    { id: 'far', latitude: 45.53, longitude: -73.57 },
    { id: 'b', latitude: 45.502, longitude: -73.57 },
    { id: 'a', latitude: 45.501, longitude: -73.57 },
    { id: 'c', latitude: 45.504, longitude: -73.57 },
  ];
  const start = { latitude: 45.5, longitude: -73.57 };

  it('takes the nearest place not yet visited, from the start', () => {
    expect(nearestNeighbourOrder(start, places, 10, 10_000).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
      'far',
    ]);
  });

  it('stops before the walk from the first place passes the limit, or at the most stops', () => {
    // a→b 111 m, b→c 222 m, c→far 2.9 km.
    expect(nearestNeighbourOrder(start, places, 10, 1000).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(nearestNeighbourOrder(start, places, 2, 10_000).map((p) => p.id)).toEqual(['a', 'b']);
    expect(nearestNeighbourOrder(start, [], 10, 1000)).toEqual([]);
  });
});

describe('the saved area of a tour', () => {
  it('is centred on the stops’ box with the smallest radius that holds every stop', () => {
    const area = tourArea(north([0, 1000]))!;
    expect(area.centre.latitude).toBeCloseTo(45.5 + 500 / 111_195, 6);
    // 500 m to each end and 200 m of room: the 1 km area.
    expect(area.radiusKm).toBe(1);
    expect(tourArea(north([0, 2000]))!.radiusKm).toBe(2);
    expect(tourArea(north([0, 9000]))!.radiusKm).toBe(5);
    for (const stop of north([0, 9000])) {
      const { centre } = tourArea(north([0, 9000]))!;
      expect(
        distanceKm(centre.latitude, centre.longitude, stop.latitude, stop.longitude),
      ).toBeLessThan(5);
    }
  });

  it('is none when the stops spread wider than the largest saved area, or there are none', () => {
    expect(tourArea(north([0, 9800]))).toBeNull();
    expect(tourArea([])).toBeNull();
  });
});
