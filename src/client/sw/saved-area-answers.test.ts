import { describe, expect, it } from 'vitest';
import type { ArtworkPoint, ArtworksInView } from '../../core/schemas/artworks.ts';
import type { Mission } from '../../core/schemas/catalog.ts';
import type { LegalWall, NearbyLegalWall } from '../../core/schemas/walls.ts';
import { answerFromAreas, type AreaForAnswers } from './saved-area-answers.ts';

const wall = (id: string, latitude: number, longitude: number) =>
  ({ id, name: `Wall ${id}`, latitude, longitude }) as LegalWall;
const art = (id: string, lat: number, lng: number, status = 'present'): ArtworkPoint =>
  [id, lat, lng, null, 'location', status as ArtworkPoint[5], 0] as ArtworkPoint;
const mission = (id: string) => ({ id, title: id }) as Mission;

/** Two saved areas in Melbourne's centre: one older with two walls, one newer with one. */
const older: AreaForAnswers = {
  latitude: -37.81,
  longitude: 144.96,
  radiusKm: 2,
  savedAt: 1_000,
  contents: {
    walls: [wall('hosier', -37.816, 144.969), wall('fitzroy', -37.8, 144.978)],
    artworks: [art('a1', -37.815, 144.965), art('a2', -37.805, 144.97, 'gone')],
    missions: [mission('m1')],
    truncated: false,
  },
};
const newer: AreaForAnswers = {
  ...older,
  savedAt: 2_000,
  contents: { ...older.contents, walls: [wall('hosier', -37.816, 144.969)], missions: [] },
};

const read = (path: string, params: Record<string, number | string>, areas = [older]) =>
  answerFromAreas(
    new URL(
      `http://app${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
    ),
    areas,
  );

const CITY = { west: 144.95, south: -37.82, east: 144.99, north: -37.79 };

describe('map reads answered from saved areas', () => {
  it('gives the walls in view, as the server would', () => {
    const answer = read('/api/legal-walls/in-view', { ...CITY, east: 144.975 });
    expect((answer!.body as LegalWall[]).map((w) => w.id)).toEqual(['hosier']);
    expect(answer!.savedAt).toBe(1_000);
  });

  it('gives the nearest walls with their distance, closest first', () => {
    const answer = read('/api/legal-walls/nearby', {
      latitude: -37.816,
      longitude: 144.969,
      radius: 10,
    });
    const walls = answer!.body as NearbyLegalWall[];
    expect(walls.map((w) => w.id)).toEqual(['hosier', 'fitzroy']);
    expect(walls[0]!.distanceKm).toBe(0);
    expect(walls[1]!.distanceKm).toBeCloseTo(1.95, 2);
  });

  it('gives the artworks in view as pieces, filtered by status', () => {
    const all = read('/api/artworks/in-view', { ...CITY, zoom: 15 })!.body as ArtworksInView;
    expect(all).toMatchObject({ version: 2, clusters: [], truncated: false });
    expect(all.points.map((p) => p[0])).toEqual(['a1', 'a2']);
    const gone = read('/api/artworks/in-view', { ...CITY, zoom: 15, status: 'gone' })!
      .body as ArtworksInView;
    expect(gone.points.map((p) => p[0])).toEqual(['a2']);
  });

  it('gives the missions of every area once, from the newest area first', () => {
    const answer = read('/api/missions', {}, [newer, older]);
    expect((answer!.body as Mission[]).map((m) => m.id)).toEqual(['m1']);
    expect(answer!.savedAt).toBe(2_000);
  });

  it('takes a wall saved in two areas once', () => {
    const answer = read('/api/legal-walls/in-view', CITY, [older, newer]);
    expect((answer!.body as LegalWall[]).map((w) => w.id)).toEqual(['hosier', 'fitzroy']);
  });

  it('answers nothing for a view no saved area reaches, or a read it does not hold', () => {
    const sydney = { west: 151.1, south: -33.9, east: 151.3, north: -33.8 };
    expect(read('/api/legal-walls/in-view', sydney)).toBeNull();
    expect(read('/api/artworks/in-view', { ...sydney, zoom: 15 })).toBeNull();
    expect(read('/api/legal-walls/nearby', { latitude: -33.87, longitude: 151.2 })).toBeNull();
    expect(read('/api/legal-walls/in-view', { west: 'x', south: 1, east: 2, north: 3 })).toBeNull();
    expect(read('/api/profile', {})).toBeNull();
    expect(read('/api/missions', {}, [])).toBeNull();
  });

  it('reaches an area from a view that only overlaps its edge', () => {
    // A box just east of the centre, 1.5 km away: inside the 2 km circle's reach.
    const edge = { west: 144.977, south: -37.82, east: 144.99, north: -37.8 };
    expect(read('/api/legal-walls/in-view', edge)!.body).toEqual([older.contents.walls[1]]);
  });
});
