import {
  EMPTY_URL,
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
} from './fixtures.ts';
import { AT_ZOOM_16, map, renderedStreets, showStandardSatellite } from './basemap-view.ts';

test('with only our own server reachable, the street map draws streets and labels at zoom 16', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  await signUp(page, { baseURL: EMPTY_URL });
  // Every host but this server is refused: the fixture refuses the ones off this machine, this
  // refuses the local imagery stand-in and anything else here.
  const refused: string[] = [];
  await page.route(/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/, (route) => {
    const url = route.request().url();
    if (url.startsWith(EMPTY_URL)) return route.fallback();
    refused.push(url);
    return route.abort('blockedbyclient');
  });
  const archiveAnswers: number[] = [];
  const fonts: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('/streets.pmtiles')) archiveAnswers.push(res.status());
    if (url.pathname.endsWith('.woff2') && res.ok()) fonts.push(url.pathname);
  });

  await page.goto(AT_ZOOM_16);
  await showStandardSatellite(page);

  await expect
    .poll(() => renderedStreets(page, 'standard'))
    .toEqual({
      roads: expect.arrayContaining(['Laneway Parade', 'Wildstyle Way', 'Paste-Up Road']),
      // A main road, a side street, the neighbourhood and a point of interest with its icon.
      labels: expect.arrayContaining([
        'Laneway Parade',
        'Paste-Up Road',
        'Paint Quarter',
        'Big Wall',
      ]),
    });
  expect(archiveAnswers.length).toBeGreaterThan(0);
  expect(new Set(archiveAnswers)).toEqual(new Set([206]));
  expect(fonts.some((f) => /noto-sans-latin-400-normal/.test(f))).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'basemap-standard');

  // Enhanced Hybrid: the same roads and labels over the imagery (refused here, so over the
  // offline basemap), from the street map rather than label tiles.
  await page
    .getByRole('region', { name: 'Advanced Imaging' })
    .getByRole('button', { name: 'Enhanced Hybrid' })
    .click();
  await expect(map(page)).toHaveAttribute('data-map-type', 'enhanced_hybrid');
  await expect
    .poll(() => renderedStreets(page, 'overImagery'))
    .toEqual({
      roads: expect.arrayContaining(['Laneway Parade']),
      labels: expect.arrayContaining(['Laneway Parade']),
    });
  expect(await renderedStreets(page, 'standard')).toEqual({
    roads: [],
    labels: [],
  });
  await screenshots(page, 'basemap-hybrid');

  expect(refused.some((url) => url.includes('/sat/'))).toBe(true);
  expect(refused.filter((url) => /\/labels\//.test(url))).toEqual([]);
  // Chromium logs each refused imagery request; those are the point of this test.
  const unrelated = consoleErrors.filter((e) => !/ERR_BLOCKED_BY_CLIENT/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...unrelated);
});
