import type { Page } from '@playwright/test';
import { TILE_ORIGIN } from '../playwright.config.ts';
import { expect, screenshots, test, toasts } from './fixtures.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';

// These specs are about the service worker, which the suite otherwise blocks.
test.use({ serviceWorkers: 'allow' });

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

const openLayers = async (page: Page) => {
  await page.getByRole('button', { name: 'Map layers' }).click();
  await expect(page.getByRole('heading', { name: 'Saved areas' })).toBeVisible();
};

test('a saved area shows its walls and map tiles with every host blocked, and removing it frees its storage', async ({
  page,
  context,
  player,
  consoleErrors,
}) => {
  test.slow();
  await underWorker(page);
  await page.goto(AT_BONDI);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
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
    timeout: 30_000,
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

  // Only the saved area may answer now: forget the tiles and wall reads kept as they were seen.
  await page.evaluate(async () => {
    await caches.delete('map-tiles');
    const reads = await caches.open('player-reads');
    for (const request of await reads.keys()) {
      if (request.url.includes('/api/legal-walls')) await reads.delete(request);
    }
  });

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
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const nearest = page.getByRole('list', { name: 'Nearest legal walls' }).getByRole('button');
  await expect(nearest.first()).toContainText('Bondi Sea Wall');
  await expect(
    page.locator('[data-testid="wall-marker"][data-wall-id="bondi-sea-wall"]'),
  ).toBeVisible();
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
  await expect(toasts(page)).toContainText(/Removed Bondi\s*\d+(\.\d)? MB freed on this device\./);
  await expect(page.getByRole('list', { name: 'Saved areas' })).toHaveCount(0);
  expect(await storedAreas(page)).toEqual({ records: 0, caches: 0, entries: 0 });
  expect(player.id).toBeTruthy();
});
