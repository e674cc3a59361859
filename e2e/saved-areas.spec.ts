import type { Page } from '@playwright/test';
import type { Mission } from '../src/core/schemas/catalog.ts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TILE_ORIGIN } from '../playwright.config.ts';
import { TEST_BASEMAP } from '../test/basemap-archive.ts';
import { EMPTY_URL, expect, screenshots, signUp, test, toasts, SIGNED_IN } from './fixtures.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';
import { documentFinds } from './photo-files.ts';

// These specs are about the service worker, which the suite otherwise blocks. The map stays
// still (no pulsing dot, no glides): what a saved area keeps is what is checked, not motion.
test.use({ serviceWorkers: 'allow', reducedMotion: 'reduce' });

/** The seeded Bondi Sea Wall (src/data/legal-walls.json). */
const BONDI = { latitude: -33.891, longitude: 151.2777 };
const AT_BONDI = `/?lat=${BONDI.latitude}&lng=${BONDI.longitude}&zoom=15`;

/** What the device holds for saved areas: their records and their tile caches. */
const storedAreas = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('saved-area:'));
    const records = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('streetscope-areas');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const count = open.result.transaction('areas').objectStore('areas').count();
        count.onsuccess = () => resolve(count.result);
      };
    });
    let entries = 0;
    for (const name of names) entries += (await (await caches.open(name)).keys()).length;
    return { records, caches: names.length, entries };
  });

/** The URLs of every tile the saved areas keep. */
const areaTileUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('saved-area:')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** Only a saved area may answer now: forget the tiles and map reads kept as they were seen. */
const forgetSeenWalls = (page: Page) =>
  page.evaluate(async () => {
    await caches.delete('map-tiles');
    const reads = await caches.open('player-reads');
    for (const request of await reads.keys()) {
      if (/\/api\/(legal-walls|artworks|missions)/.test(request.url)) await reads.delete(request);
    }
  });

/** The artworks the map draws as pins now, by id. */
const drawnArtworks = (page: Page) =>
  page.getByTestId('map').evaluate((element) => {
    const m = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
    return m
      .queryRenderedFeatures({ layers: ['artwork-points'] })
      .map((f) => String(f.id ?? f.properties.id));
  });

/** The map, offline, shows Bondi Sea Wall from the saved area: in the nearest walls and as a marker. */
const expectSavedBondiWall = async (page: Page) => {
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(
    page.getByRole('list', { name: '1 legal wall within 10 km' }).getByRole('button'),
  ).toHaveText(/^Bondi Sea Wall/);
  await expect(
    page.locator('[data-testid="wall-marker"][data-wall-id="bondi-sea-wall"]'),
  ).toBeVisible();
};

const openLayers = async (page: Page) => {
  await page.getByRole('button', { name: 'Map layers' }).click();
  await expect(page.getByRole('heading', { name: 'Saved areas' })).toBeVisible();
};

test(
  'a saved area shows its walls and map tiles with every host blocked, and removing it frees its storage',
  SIGNED_IN,
  async ({ page, context, consoleErrors }) => {
    test.slow();
    await underWorker(page, AT_BONDI);
    await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', {
      timeout: 60_000,
    });
    await openLayers(page);
    await expect(page.getByText('Save the area around the map’s centre')).toBeVisible();

    // What the area holds and its size, before anything downloads.
    await page.getByRole('button', { name: 'Save this area' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this area' });
    const holds = dialog.getByRole('region', { name: 'What this area holds' });
    await expect(holds.getByRole('definition').first()).toHaveText('1');
    await expect(dialog.getByTestId('area-estimate')).toHaveText(
      /^About \d+(\.\d)? MB on this device$/,
    );
    await expect(holds).toContainText(/Map: \d+ tiles, imagery at zooms 10–18, about/);
    await expect(dialog.getByLabel('Name')).toHaveValue('Sydney');
    await dialog.getByLabel('Name').fill('Bondi');
    await screenshots(page, 'save-area-dialog');

    await dialog.getByRole('button', { name: 'Save area' }).click();
    await expect(dialog.getByRole('status')).toContainText(/^Saved Bondi: [\d,]+ map tiles/, {
      timeout: 60_000,
    });
    await dialog.getByRole('button', { name: 'Done' }).click();

    const list = page.getByRole('list', { name: 'Saved areas' });
    const item = list.getByTestId('saved-area');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Bondi');
    await expect(item).toContainText(/^Bondi1 km · \d+ \w+ \d{4} · \d+(\.\d)? MB$/);
    const stored = await storedAreas(page);
    expect(stored.records).toBe(1);
    expect(stored.entries).toBeGreaterThan(100);
    await screenshots(page, 'saved-areas-list');

    await forgetSeenWalls(page);

    // Every host blocked: no network at all, and any request the worker does not answer aborted.
    await context.setOffline(true);
    const blocked: string[] = [];
    await page.route('**/*', (route) => {
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    const tiles: { status: number; fromWorker: boolean }[] = [];
    const wallReads: (string | undefined)[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (url.startsWith(TILE_ORIGIN)) {
        tiles.push({ status: response.status(), fromWorker: response.fromServiceWorker() });
      }
      if (url.includes('/api/legal-walls/')) wallReads.push(response.headers()['x-saved-area']);
    });
    await page.reload();

    // The shell came from the worker; the walls and tiles from the saved area.
    await expectSavedBondiWall(page);
    await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toHaveText(
      /^Offline — showing what you saw at \d\d:\d\d$/,
    );
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.status === 200 && t.fromWorker)).toBe(true);
    expect(wallReads.length).toBeGreaterThan(0);
    expect(wallReads.every((header) => header === 'true')).toBe(true);
    expect(blocked.filter((url) => url.startsWith(TILE_ORIGIN))).toEqual([]);
    forgiveOfflineLoadErrors(consoleErrors);

    // Removing it frees what it kept.
    await openLayers(page);
    await page.getByRole('button', { name: 'Remove Bondi' }).click();
    await expect(toasts(page)).toContainText(
      /Removed Bondi\s*\d+(\.\d)? MB freed on this device\./,
    );
    await expect(page.getByRole('list', { name: 'Saved areas' })).toHaveCount(0);
    expect(await storedAreas(page)).toEqual({ records: 0, caches: 0, entries: 0 });
    // Still offline: what the page asked for since is the same noise.
    forgiveOfflineLoadErrors(consoleErrors);
  },
);

test('with the imagery host out of reach an area keeps its walls, artworks and missions, says what is missing, and a retry fetches only that; signing out removes it, and the next player on the device finds none', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.slow();
  // The imagery host: answering, down, or answering so many tiles more, whoever asks.
  let answers = Infinity;
  const asked: string[] = [];
  await context.route(`${TILE_ORIGIN}/sat/**`, (route) => {
    asked.push(route.request().url().split('#')[0]!);
    return answers-- > 0 ? route.fallback() : route.abort('failed');
  });
  const first = await signUp(page);
  // A piece of the player's own beside the wall, and the seeded mission there, to keep offline.
  await documentFinds(page, BONDI, 1);
  const missions = (await (await page.request.get('/api/missions')).json()) as Mission[];
  const walk = missions.find((m) => m.title === 'Bondi Sea Wall Walk')!;
  await underWorker(page, AT_BONDI);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  // The map draws its artworks once their read answers, after the map is ready.
  await expect.poll(async () => (await drawnArtworks(page)).length).toBeGreaterThan(0);
  const artworksOnline = await drawnArtworks(page);
  await openLayers(page);

  // Down before anything is promised: the dialog says so, and counts the area without imagery.
  answers = 0;
  await page.getByRole('button', { name: 'Save this area' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this area' });
  const holds = dialog.getByRole('region', { name: 'What this area holds' });
  await expect(holds).toContainText(
    'Map imagery: the imagery server could not be reached, so none is promised.',
  );
  await expect(holds).not.toContainText('zooms');
  await expect(dialog.getByTestId('area-estimate')).toHaveText('Under 0.1 MB on this device');
  await dialog.getByLabel('Name').fill('Bondi');
  await screenshots(page, 'save-area-imagery-down');
  await dialog.getByRole('button', { name: 'Save area' }).click();

  // Saved all the same: the walls, artworks and missions, and none of the imagery.
  await expect(dialog.getByRole('status')).toHaveText(
    'Saved Bondi: no map tiles yet, under 0.1 MB in all. Find it under Saved areas.',
  );
  const parts = dialog.getByRole('list', { name: 'What was saved' }).getByRole('listitem');
  await expect(parts.first()).toHaveText('Walls, artworks and missions: saved');
  await expect(parts.nth(1)).toHaveText(
    /^Map imagery: 0 of \d+ tiles — the imagery server could not be reached$/,
  );
  const total = Number(/of (\d+) tiles/.exec((await parts.nth(1).textContent())!)![1]);
  expect(total).toBeGreaterThan(100);
  await expect(dialog.getByRole('button', { name: 'Retry imagery' })).toBeVisible();
  await screenshots(page, 'save-area-partial');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const item = page.getByRole('list', { name: 'Saved areas' }).getByTestId('saved-area');
  await expect(item).toContainText(`0 of ${total} imagery tiles`);
  await screenshots(page, 'saved-area-missing-imagery');
  expect(await storedAreas(page)).toEqual({ records: 1, caches: 1, entries: 0 });

  // Offline, the saved walls show, on the offline map.
  await forgetSeenWalls(page);
  await context.setOffline(true);
  await page.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expectSavedBondiWall(page);
  await expect(page.getByTestId('offline-basemap')).toHaveText('Offline map: imagery unavailable');
  await expect(
    page.locator(`[data-testid=mission-marker][data-mission-id="${walk.id}"]`),
  ).toBeVisible();
  await expect.poll(() => drawnArtworks(page)).toEqual(expect.arrayContaining(artworksOnline));

  // Back online, the host answers 100 tiles and fails again: the retry keeps what came.
  await page.unroute('**/*');
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await openLayers(page);
  await page.getByRole('button', { name: 'Retry imagery for Bondi' }).click();
  const retry = page.getByRole('dialog', { name: 'Bondi' });
  answers = 100;
  await retry.getByRole('button', { name: 'Retry imagery' }).click();
  const imagery = retry.getByRole('list', { name: 'What was saved' }).getByRole('listitem').nth(1);
  await expect(imagery).toHaveText(
    new RegExp(`^Map imagery: \\d+ of ${total} tiles — the imagery server could not be reached$`),
    { timeout: 60_000 },
  );
  const keptUrls = await areaTileUrls(page);
  expect(keptUrls.length).toBeGreaterThan(0);
  await expect(imagery).toContainText(`${keptUrls.length} of ${total} tiles`);

  // Answering again: the next retry asks for none of the tiles kept, and completes the area.
  answers = Infinity;
  asked.length = 0;
  await retry.getByRole('button', { name: 'Retry imagery' }).click();
  await expect(imagery).toHaveText(`Map imagery: saved (${total} tiles)`, { timeout: 60_000 });
  expect(asked.filter((url) => keptUrls.includes(url))).toEqual([]);
  await expect(retry.getByRole('button', { name: 'Retry imagery' })).toHaveCount(0);
  expect(await storedAreas(page)).toEqual({ records: 1, caches: 1, entries: total });
  await retry.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Retry imagery for Bondi' })).toHaveCount(0);

  // Refreshed while the host is down again, the area keeps the imagery it has.
  answers = 0;
  await page.getByRole('button', { name: 'Refresh Bondi' }).click();
  const refresh = page.getByRole('dialog', { name: 'Refresh Bondi' });
  await expect(refresh.getByRole('region', { name: 'What this area holds' })).toContainText(
    'The area keeps the imagery it has',
  );
  await refresh.getByRole('button', { name: 'Refresh area' }).click();
  await expect(
    refresh.getByRole('list', { name: 'What was saved' }).getByRole('listitem').nth(1),
  ).toHaveText(`Map imagery: saved (${total} tiles)`);
  expect(await storedAreas(page)).toEqual({ records: 1, caches: 1, entries: total });
  forgiveOfflineLoadErrors(consoleErrors);

  // Signing out removes the player's saved areas: the next player on the device finds none.
  answers = Infinity;
  await page.goto('/api/logout');
  await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  await expect.poll(() => storedAreas(page)).toEqual({ records: 0, caches: 0, entries: 0 });

  const next = await signUp(page);
  expect(next.id).not.toBe(first.id);
  await page.goto(AT_BONDI);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await openLayers(page);
  await expect(page.getByText('Save the area around the map’s centre')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved areas' })).toHaveCount(0);
});

/** Street names the Standard map type has drawn from the street map. */
const drawnStreets = (page: Page) =>
  page.getByTestId('map').evaluate((element) => {
    const m = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
    const layers = m
      .getStyle()
      .layers.filter((l) => l.id.startsWith('streets-') && !l.id.startsWith('streets-over-'))
      .map((l) => l.id);
    return [
      ...new Set(
        m
          .queryRenderedFeatures({ layers })
          .filter((f) => f.layer.type === 'line' && typeof f.properties.name === 'string')
          .map((f) => String(f.properties.name)),
      ),
    ];
  });

const showStandard = async (page: Page) => {
  await page.getByRole('button', { name: 'Advanced Controls' }).click();
  const panel = page.getByTestId('imaging-controls');
  await panel.getByRole('button', { name: /Standard Satellite/ }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-map-type', 'standard_satellite');
  await panel.getByRole('button', { name: 'Close imaging controls' }).click();
};

test("a saved area keeps the street map's ranges: offline, the streets draw from them", async ({
  page,
  context,
  consoleErrors,
}) => {
  test.slow();
  await signUp(page, { baseURL: EMPTY_URL });
  const { latitude, longitude } = TEST_BASEMAP.centre;
  await page.goto(`${EMPTY_URL}/?lat=${latitude}&lng=${longitude}&zoom=15`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });

  await openLayers(page);
  await page.getByRole('button', { name: 'Save this area' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this area' });
  await expect(dialog.getByRole('region', { name: 'What this area holds' })).toContainText(
    'and the street map',
  );
  await dialog.getByRole('button', { name: 'Save area' }).click();
  await expect(dialog.getByRole('status')).toContainText(/^Saved /, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Only the saved area may answer: forget the ranges kept as seen.
  await page.evaluate(() => caches.delete('basemap-ranges'));
  await context.setOffline(true);
  await page.route('**/*', (route) => route.abort('internetdisconnected'));
  const ranges: { status: number; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/streets.pmtiles')) {
      ranges.push({ status: response.status(), fromWorker: response.fromServiceWorker() });
    }
  });
  await page.reload();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await showStandard(page);
  await expect
    .poll(() => drawnStreets(page))
    .toEqual(expect.arrayContaining(['Laneway Parade', 'Paste-Up Road']));
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((r) => r.status === 206 && r.fromWorker)).toBe(true);
  forgiveOfflineLoadErrors(consoleErrors);
});
