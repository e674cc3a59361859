import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractRegion } from '../src/server/basemap/pmtiles-extract.ts';
import { buildTestBasemap, TEST_BASEMAP } from '../test/basemap-archive.ts';
import { EMPTY_URL, expect, signUp, test } from './fixtures.ts';
import { AT_ZOOM_16, renderedStreets, showStandardSatellite } from './basemap-view.ts';

/**
 * What `npm run basemap` cuts out of a larger archive is a street map the app draws: the empty
 * server's archive (MAP_BASEMAP_PMTILES) is answered here with a region extracted from the
 * suite's own archive, byte ranges and all.
 */
test('the map draws streets and labels from an archive made by npm run basemap', async ({
  page,
}) => {
  test.slow();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-extract-'));
  const planet = path.join(dir, 'planet.pmtiles');
  writeFileSync(planet, buildTestBasemap());
  const { latitude: lat, longitude: lng } = TEST_BASEMAP.centre;
  const { archive } = await extractRegion(planet, {
    west: lng - 0.01,
    south: lat - 0.01,
    east: lng + 0.01,
    north: lat + 0.01,
  });
  rmSync(dir, { recursive: true, force: true });

  const served: number[] = [];
  await page.route(`${EMPTY_URL}/basemap/**/streets.pmtiles`, (route) => {
    const [, start, end] = /bytes=(\d+)-(\d+)/.exec(route.request().headers().range ?? '') ?? [];
    const from = Number(start ?? 0);
    const to = Math.min(archive.length - 1, Number(end ?? archive.length - 1));
    served.push(to - from + 1);
    return route.fulfill({
      status: 206,
      headers: {
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${from}-${to}/${archive.length}`,
      },
      body: archive.subarray(from, to + 1),
    });
  });
  await signUp(page, { baseURL: EMPTY_URL });
  await page.goto(AT_ZOOM_16);
  await showStandardSatellite(page);
  await expect
    .poll(() => renderedStreets(page, 'standard'))
    .toEqual({
      roads: expect.arrayContaining(['Laneway Parade', 'Wildstyle Way']),
      labels: expect.arrayContaining(['Laneway Parade', 'Paint Quarter']),
    });
  expect(served.length).toBeGreaterThan(0);
});
