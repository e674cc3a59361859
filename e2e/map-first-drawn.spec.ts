import type { Page } from '@playwright/test';
import { expect, screenshots, test } from './fixtures.ts';

/** The seeded Leake Street Tunnel (src/data/legal-walls.json). */
const LEAKE = { latitude: 51.502, longitude: -0.1157 };

test.beforeEach(async ({ player }) => {
  expect(player.id).toBeTruthy();
});

test('the map home marks its first drawing with its walls on it, once', async ({ page }) => {
  await page.goto(`/?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('wall-marker')).toHaveCount(1);
  await expect(map).toHaveAttribute('data-artworks', /^\d+$/);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('map-first-drawn').length))
    .toBe(1);
  // Drawn after the map was made and after its first data had answered, never before.
  const order = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    const answered = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => /\/api\/(legal-walls|artworks)\/in-view/.test(r.name))
      .map((r) => r.responseEnd);
    return { drawn: at('map-first-drawn'), firstAnswer: Math.min(...answered) };
  });
  expect(order.drawn).toBeGreaterThan(order.firstAnswer);

  // Moving the map draws again, but the first drawing is marked only once.
  await page.locator('canvas.maplibregl-canvas').focus();
  await page.keyboard.press('=');
  await expect(map).not.toHaveAttribute('data-zoom', '16.00');
  await page.waitForFunction(() => {
    const m = (
      document.querySelector('[data-testid="map"]') as { maplibre?: { loaded(): boolean } }
    ).maplibre;
    return m?.loaded();
  });
  expect(await page.evaluate(() => performance.getEntriesByName('map-first-drawn').length)).toBe(1);
});

/** The box of each `/api/.../in-view` request the page made, in order. */
function inViewBoxes(page: Page) {
  const boxes: { layer: string; box: Record<'west' | 'south' | 'east' | 'north', number> }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const layer = /^\/api\/(legal-walls|artworks)\/in-view$/.exec(url.pathname)?.[1];
    if (!layer) return;
    const n = (name: string) => Number(url.searchParams.get(name));
    boxes.push({
      layer,
      box: { west: n('west'), south: n('south'), east: n('east'), north: n('north') },
    });
  });
  return boxes;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the first view's walls and artworks are asked for once, before the map reports its view (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const boxes = inViewBoxes(page);
    // When the map first reports itself ready (its style loaded, its first view known).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="map"][data-ready="true"]')) return;
        performance.mark('test:map-ready');
        observer.disconnect();
      }).observe(document, { subtree: true, attributeFilter: ['data-ready'] });
    });
    await page.goto(`/?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
    await expect(page.getByTestId('wall-marker')).toHaveCount(1, { timeout: 60_000 });
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('map-first-drawn').length))
      .toBe(1);
    // One request each, for a box that holds everything the map shows: nothing asked again
    // once the map reported its view.
    expect(boxes.map((b) => b.layer).sort()).toEqual(['artworks', 'legal-walls']);
    const view = await page.evaluate(() => {
      const m = (
        document.querySelector('[data-testid="map"]') as unknown as {
          maplibre: {
            getBounds(): {
              getWest(): number;
              getSouth(): number;
              getEast(): number;
              getNorth(): number;
            };
          };
        }
      ).maplibre;
      const b = m.getBounds();
      return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
    });
    // Asked while the map was starting, not once it had reported its view.
    const asked = await page.evaluate(() => ({
      ready: performance.getEntriesByName('test:map-ready')[0]!.startTime,
      requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\/api\/(legal-walls|artworks)\/in-view/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(asked.requests).toHaveLength(2);
    for (const at of asked.requests) expect(at).toBeLessThan(asked.ready);
    for (const { box } of boxes) {
      expect(box.west).toBeLessThanOrEqual(view.west);
      expect(box.south).toBeLessThanOrEqual(view.south);
      expect(box.east).toBeGreaterThanOrEqual(view.east);
      expect(box.north).toBeGreaterThanOrEqual(view.north);
    }
  });
}

test('the largest paint is the map home itself, not a loading stand-in', async ({ page }) => {
  await page.goto(`/?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('map-loading')).toBeHidden();
  const largest = await page.evaluate(
    () =>
      new Promise<{ inShell: boolean; inLoading: boolean; inRoot: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          const element = entries.at(-1)?.element ?? null;
          resolve({
            // The page's own stand-in is replaced by the app: an element no longer in the page.
            inShell: !!element && !element.isConnected,
            inLoading: !!element?.closest('[data-testid="map-loading"]'),
            inRoot: !!element?.closest('#root'),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(largest).toEqual({ inShell: false, inLoading: false, inRoot: true });
  await screenshots(page, 'map-first-drawn');
});
