import { describe, expect, it } from 'vitest';
import { gpxSchemaErrors } from '../../../../test/gpx-schema.ts';
import type { TourDetail } from '../../../core/schemas/tours.ts';
import { tourGpx } from './tour-gpx.ts';

const stop = { note: null, legMetres: 0, found: null };
const tour = {
  title: 'Murals & "lanes"',
  stops: [
    {
      ...stop,
      kind: 'artwork',
      id: 'art-montreal-murales-144',
      title: 'Mural by Fluke',
      subtitle: 'Fluke',
      latitude: 45.5095,
      longitude: -73.5633,
    },
    {
      ...stop,
      kind: 'wall',
      id: 'wall-1',
      title: 'Lane <wall>',
      subtitle: 'Montréal',
      note: 'Not confirmed by players yet.',
      latitude: 45.51,
      longitude: -73.562,
    },
  ],
} as TourDetail;

describe('a tour as GPX', () => {
  const gpx = tourGpx(tour, 'https://streetscope.example', new Date('2026-11-28T10:00:00Z'));

  it('is valid GPX 1.1', () => {
    expect(gpxSchemaErrors(gpx)).toBe('');
  });

  it('names each waypoint by its stop’s title, and routes through them in order', () => {
    const names = (tag: string) =>
      [...gpx.matchAll(new RegExp(`<${tag} [^>]*>\\s*<name>([^<]*)</name>`, 'g'))].map((m) => m[1]);
    expect(names('wpt')).toEqual(['Mural by Fluke', 'Lane &lt;wall&gt;']);
    expect(names('rtept')).toEqual(['Mural by Fluke', 'Lane &lt;wall&gt;']);
    expect(gpx).toContain('<rte>\n    <name>Murals &amp; &quot;lanes&quot;</name>');
    expect(gpx).toContain('<desc>Stop 1 of 2 · by Fluke</desc>');
    expect(gpx).toContain('<desc>Stop 2 of 2 · Montréal · Not confirmed by players yet.</desc>');
    expect(gpx).toContain('<link href="https://streetscope.example/art/art-montreal-murales-144">');
    expect(gpx).toContain('<type>Legal wall</type>');
  });
});
