import type { Map as MapLibreMap } from 'maplibre-gl';
import { TEST_BASEMAP } from '../test/basemap-archive.ts';
import { expect, screenshots, signUp, test } from './fixtures.ts';
import { map, renderedStreets, showStandardSatellite } from './basemap-view.ts';

/**
 * The default street map: vector tiles in the OpenMapTiles schema (OpenFreeMap's in production),
 * here from the local stand-in the seeded server is configured with (MAP_STREET_TILES), drawn
 * in the app's dark style with their credit.
 */
const { latitude, longitude } = TEST_BASEMAP.centre;

test('the street tiles draw streets and labels at zoom 16 in the dark style, credited', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const tiles: number[] = [];
  page.on('response', (res) => {
    if (/\/streets\/\d+\/\d+\/\d+\.pbf$/.test(new URL(res.url()).pathname))
      tiles.push(res.status());
  });
  await page.goto(`/?lat=${latitude}&lng=${longitude}&zoom=16`);
  await showStandardSatellite(page);

  await expect
    .poll(() => renderedStreets(page, 'standard'))
    .toEqual({
      roads: expect.arrayContaining(['Laneway Parade', 'Wildstyle Way', 'Paste-Up Road']),
      labels: expect.arrayContaining(['Laneway Parade', 'Paint Quarter']),
    });
  expect(tiles.length).toBeGreaterThan(0);
  expect(new Set(tiles)).toEqual(new Set([200]));

  const drawn = await map(page).evaluate((element) => {
    const m = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
    return {
      zoom: Math.round(m.getZoom()),
      road: m.getPaintProperty('streets-roads-major', 'line-color'),
      label: m.getPaintProperty('streets-roads-labels', 'text-color'),
      credits: document.querySelector('.maplibregl-ctrl-attrib-inner')?.textContent ?? '',
    };
  });
  expect(drawn).toEqual({
    zoom: 16,
    road: '#3c4e60',
    label: '#c3cfda',
    credits: expect.stringContaining('© OpenMapTiles, data © OpenStreetMap contributors'),
  });
  await screenshots(page, 'street-tiles-standard');
});
