import { expect, screenshots, test } from './fixtures.ts';

/** The seeded Leake Street Tunnel (src/data/legal-walls.json). */
const LEAKE = { latitude: 51.502, longitude: -0.1157 };

test.beforeEach(async ({ player }) => {
  expect(player.id).toBeTruthy();
});

test('the map home marks its first drawing with its walls on it, once', async ({ page }) => {
  await page.goto(`/?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
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

test('the largest paint is the map home itself, not a loading stand-in', async ({ page }) => {
  await page.goto(`/?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
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
