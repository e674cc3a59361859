import { describe, expect, it } from 'vitest';
import { STALE_AFTER_DAYS } from './artwork-map-api.ts';
import { clusterFeatures, toFeatures } from './artwork-layers.ts';

describe('artwork points as map features', () => {
  const now = Date.UTC(2026, 5, 15);
  const daysAgo = (days: number) => Math.floor(now / 1000) - days * 86_400;

  it('carry status, and fade only what was not seen for over STALE_AFTER_DAYS', () => {
    const { features } = toFeatures(
      [
        ['fresh', -33.9, 151.2, '/objects/a', 'tag', 'present', daysAgo(3)],
        ['old', -33.9, 151.3, null, 'flag', 'present', daysAgo(STALE_AFTER_DAYS + 1)],
        ['edge', -33.9, 151.4, null, 'flag', 'present', daysAgo(STALE_AFTER_DAYS)],
        ['gone', -33.8, 151.2, null, 'location', 'gone', daysAgo(1)],
      ],
      now,
    );
    expect(features.map((f) => [f.properties.id, f.properties.status, f.properties.stale])).toEqual(
      [
        ['fresh', 'present', false],
        ['old', 'present', true],
        ['edge', 'present', false],
        ['gone', 'gone', false],
      ],
    );
    expect(features[0]!.geometry.coordinates).toEqual([151.2, -33.9]);
    expect(features[0]!.properties).toMatchObject({ image: '/objects/a', pin: 'tag' });
  });
});

describe('server clusters as map features', () => {
  it('sit at the given mean with their count, labelled as the map labels its own', () => {
    const { features } = clusterFeatures([
      [-37.8, 144.9, 950],
      [52.5, 13.4, 1234],
      [40.7, -74, 15_400],
    ]);
    expect(features[0]!.geometry.coordinates).toEqual([144.9, -37.8]);
    expect(features.map((f) => [f.properties.count, f.properties.label])).toEqual([
      [950, '950'],
      [1234, '1.2k'],
      [15_400, '15k'],
    ]);
  });
});
