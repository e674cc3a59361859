import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toGpx, type Waypoint } from './gpx.ts';

const SCHEMA = new URL('../../../../../test/gpx/gpx-1.1.xsd', import.meta.url).pathname;
const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-gpx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** xmllint's verdict on the file against the GPX 1.1 schema: "" when it validates. */
function schemaErrors(gpx: string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.gpx`);
  writeFileSync(file, gpx);
  try {
    execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], { stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr);
  }
}

const wall: Waypoint = {
  latitude: -33.8911,
  longitude: 151.2772,
  name: 'Bondi Sea Wall',
  description: 'Sydney, Australia · permit not required',
  link: 'https://streetscope.example/?lat=-33.8911&lng=151.2772&zoom=17',
  symbol: 'Flag, Blue',
  type: 'Legal wall',
};

describe('GPX export', () => {
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

  it('is refused by the schema when a waypoint is out of range (the check is real)', () => {
    const bad = toGpx([{ ...wall, latitude: 91 }], 'Bad', new Date());
    expect(schemaErrors(bad)).toMatch(/lat/);
  });
});
