import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { phoneJpeg } from '../test/images.ts';
import { expect, screenshots, test, SIGNED_IN } from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';

const SCHEMA = path.resolve(import.meta.dirname, '../test/gpx/gpx-1.1.xsd');
/** The seeded Bondi Sea Wall (src/data/legal-walls.json) and its mission. */
const BONDI = { latitude: -33.8911, longitude: 151.2772 };
/** About 300 m along the beach: in a city view of Bondi. */
const ON_THE_BEACH = { latitude: -33.8925, longitude: 151.2745 };
/** Hosier Lane, Melbourne: another city. */
const MELBOURNE = { latitude: -37.8166, longitude: 144.9691 };

interface Wpt {
  latitude: number;
  longitude: number;
  name: string;
  desc: string;
  type: string;
}

/** The file's waypoints, read as a GPS device would. */
function waypoints(gpx: string): Wpt[] {
  const unescape = (text: string) =>
    text.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) =>
      e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : '&',
    );
  const field = (wpt: string, tag: string) =>
    unescape(new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(wpt)?.[1] ?? '');
  return [...gpx.matchAll(/<wpt lat="([-\d.]+)" lon="([-\d.]+)">([\s\S]*?)<\/wpt>/g)].map(
    ([, lat, lon, body]) => ({
      latitude: Number(lat),
      longitude: Number(lon),
      name: field(body!, 'name'),
      desc: field(body!, 'desc'),
      type: field(body!, 'type'),
    }),
  );
}

test(
  'Export GPX of a city view holds only what is in view, named as the map names it, in GPX 1.1',
  SIGNED_IN,
  async ({ page }, testInfo) => {
    // A piece by the beach, titled and signed, and one in another city.
    const spot = ON_THE_BEACH;
    const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...spot }));
    const title = `Bondi koala ${freshSeed().toString(36)}`;
    const pinned = await page.request.post('/api/discoveries/graffiti', {
      data: { name: title, artistName: 'Neon Wombat', imageUrl, ...spot },
    });
    expect(pinned.status(), await pinned.text()).toBe(201);
    const far = await page.request.post('/api/discoveries', {
      data: { name: `Far koala ${freshSeed().toString(36)}`, ...MELBOURNE },
    });
    expect(far.status()).toBe(201);

    await page.goto(`/?lat=${BONDI.latitude}&lng=${BONDI.longitude}&zoom=13`);
    const map = page.getByTestId('map');
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Map layers' }).click();
    await expect(page.getByRole('button', { name: 'Export GPX' })).toBeVisible();
    const view = await map.evaluate((element) => {
      const b = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre.getBounds();
      return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export GPX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^streetscope-\d{4}-\d\d-\d\d\.gpx$/);
    const file = testInfo.outputPath('in-view.gpx');
    await download.saveAs(file);

    execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], { stdio: 'pipe' });
    const places = waypoints(readFileSync(file, 'utf8'));
    // Only what is in view: no mission on another continent, no piece in another city. (The
    // app reads the view's edges to 4 decimals.)
    const edge = 1e-4;
    for (const place of places) {
      expect(place.latitude, place.name).toBeGreaterThanOrEqual(view.south - edge);
      expect(place.latitude, place.name).toBeLessThanOrEqual(view.north + edge);
      expect(place.longitude, place.name).toBeGreaterThanOrEqual(view.west - edge);
      expect(place.longitude, place.name).toBeLessThanOrEqual(view.east + edge);
    }
    const named = (name: string) => places.filter((p) => p.name === name);
    expect(named('Bondi Sea Wall')).toEqual([
      expect.objectContaining({
        type: 'Legal wall',
        desc: expect.stringMatching(/^Verified legal wall · /),
      }),
    ]);
    expect(named('Bondi Sea Wall Walk')).toEqual([expect.objectContaining({ type: 'Mission' })]);
    expect(named(title)).toEqual([
      expect.objectContaining({
        type: 'Artwork',
        desc: expect.stringMatching(/^by Neon Wombat · Still there · last seen .+ · You found it$/),
      }),
    ]);
    expect(places.map((p) => p.name)).not.toContain('Hosier Lane Photo Hunt');
    // Every artwork by its title, never by its pin type.
    expect(places.filter((p) => / Artwork$/.test(p.name))).toEqual([]);
    await screenshots(page, 'export-gpx');
  },
);
