import type { Page } from '@playwright/test';
import { EMPTY_URL, expect, signUp, test } from './fixtures.ts';
import { AT_ZOOM_16, renderedStreets, showStandardSatellite } from './basemap-view.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';

// The street map's byte ranges are kept by the service worker, which the suite otherwise blocks.
test.use({ serviceWorkers: 'allow' });

/** The worker's cap on kept ranges (src/client/sw/basemap-ranges.ts, decision 033). */
const RANGE_CAP = 4000;

/**
 * The ranges the worker kept, and how many of them its expiration keeps a last-used time for
 * (Workbox's own IndexedDB, which decides what goes first once the cap is reached).
 */
async function keptRanges(page: Page) {
  return page.evaluate(async () => {
    const cache = await caches.open('basemap-ranges');
    const keys = (await cache.keys()).map((request) => request.url);
    const timed = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('workbox-expiration');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('cache-entries').objectStore('cache-entries').getAll();
        all.onerror = () => reject(all.error);
        all.onsuccess = () => {
          const entries = all.result as { cacheName: string }[];
          resolve(entries.filter((e) => e.cacheName === 'basemap-ranges').length);
          open.result.close();
        };
      };
    });
    return { keys, timed };
  });
}

const STREETS = {
  roads: expect.arrayContaining(['Laneway Parade', 'Wildstyle Way', 'Paste-Up Road']),
  labels: expect.arrayContaining(['Laneway Parade', 'Paste-Up Road', 'Paint Quarter', 'Big Wall']),
};

test('streets seen online draw again offline, from the ranges the worker kept within its cap', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.slow();
  await signUp(page, { baseURL: EMPTY_URL });
  await underWorker(page, AT_ZOOM_16);
  await showStandardSatellite(page);
  await expect.poll(() => renderedStreets(page, 'standard')).toEqual(STREETS);
  const online = await keptRanges(page);
  expect(online.keys.length).toBeGreaterThan(0);
  for (const key of online.keys) expect(key).toMatch(/\/streets\.pmtiles\?range=bytes%3D\d+-\d+$/);

  // Offline, the same view: every range the map asks for is answered by the worker.
  const answers: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('/streets.pmtiles')) {
      answers.push(`${res.status()} ${res.fromServiceWorker() ? 'worker' : 'network'}`);
    }
  });
  await context.setOffline(true);
  await page.reload();
  await showStandardSatellite(page);
  await expect.poll(() => renderedStreets(page, 'standard')).toEqual(STREETS);
  expect(answers.length).toBeGreaterThan(0);
  expect(new Set(answers)).toEqual(new Set(['206 worker']));

  const offline = await keptRanges(page);
  expect(offline.keys.length).toBeLessThanOrEqual(RANGE_CAP);
  // What was kept online is still there, and each kept range is counted for the cap.
  expect(offline.keys).toEqual(expect.arrayContaining(online.keys));
  expect(offline.timed).toBe(offline.keys.length);
  forgiveOfflineLoadErrors(consoleErrors);
});
