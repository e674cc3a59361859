import { describe, expect, it } from 'vitest';
import { gpxSchemaErrors as schemaErrors } from '../../../test/gpx-schema.ts';
import { toGpx, type Waypoint } from './gpx.ts';

const wall: Waypoint = {
  latitude: -33.8911,
  longitude: 151.2772,
  name: 'Bondi Sea Wall',
  description: 'Sydney, Australia · permit not required',
  link: 'https://streetscope.example/?lat=-33.8911&lng=151.2772&zoom=17',
  symbol: 'Flag, Blue',
  type: 'Legal wall',
};

describe('GPX files', () => {
  it('writes waypoints that validate against the GPX 1.1 schema', () => {
    const gpx = toGpx(
      [
        wall,
        {
          latitude: -27.4705,
          longitude: 153.0235,
          name: 'Koala & "Friends" <3',
          symbol: 'Scenic Area',
          type: 'Artwork',
        },
        { latitude: 90, longitude: 180, name: 'Edge', symbol: 'Flag, Red', type: 'Mission' },
      ],
      'StreetScope: 3 places in view',
      new Date('2026-11-24T14:02:00Z'),
    );
    expect(schemaErrors(gpx)).toBe('');
    expect(gpx).toContain('<wpt lat="-33.891100" lon="151.277200">');
    expect(gpx).toContain('<name>Koala &amp; &quot;Friends&quot; &lt;3</name>');
    expect(gpx).toContain(
      '<link href="https://streetscope.example/?lat=-33.8911&amp;lng=151.2772&amp;zoom=17">',
    );
    // 180° east is written as 180° west, the one the schema allows.
    expect(gpx).toContain('<wpt lat="90.000000" lon="-180.000000">');
    expect(gpx).toContain('<time>2026-11-24T14:02:00.000Z</time>');
  });

  it('writes a valid file with no waypoints', () => {
    expect(schemaErrors(toGpx([], 'Nothing here', new Date()))).toBe('');
  });

  it('writes a route through its points after the waypoints, valid GPX 1.1', () => {
    const stops: Waypoint[] = [
      { ...wall, name: '1. Bondi Sea Wall' },
      {
        latitude: -33.8925,
        longitude: 151.2745,
        name: '2. Koala & co',
        symbol: 'Scenic Area',
        type: 'Artwork',
      },
    ];
    const gpx = toGpx(stops, 'Bondi walk', new Date('2026-11-24T14:02:00Z'), {
      name: 'Bondi walk',
      points: stops,
    });
    expect(schemaErrors(gpx)).toBe('');
    expect(gpx.indexOf('<rte>')).toBeGreaterThan(gpx.lastIndexOf('</wpt>'));
    expect(
      [...gpx.matchAll(/<rtept lat="([-\d.]+)" lon="([-\d.]+)">/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ['-33.891100', '151.277200'],
      ['-33.892500', '151.274500'],
    ]);
    expect(gpx).toContain(
      '<rtept lat="-33.892500" lon="151.274500">\n      <name>2. Koala &amp; co</name>',
    );
  });

  it('is refused by the schema when a waypoint is out of range (the check is real)', () => {
    const bad = toGpx([{ ...wall, latitude: 91 }], 'Bad', new Date());
    expect(schemaErrors(bad)).toMatch(/lat/);
  });
});
