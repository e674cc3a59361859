import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, screenshots, test, toasts } from './fixtures.ts';
import { LEAKE, canvasColours, map, openMap } from './map-canvas.ts';

/** The map's own camera, as the map element reports it. */
async function cameraOf(page: Page) {
  const m = map(page);
  return {
    zoom: Number(await m.getAttribute('data-zoom')),
    pitch: Number(await m.getAttribute('data-pitch')),
    bearing: Number(await m.getAttribute('data-bearing')),
  };
}

/** The source the map's terrain is drawn from, or null when the map is flat. */
const terrainOf = (page: Page) =>
  page.evaluate(
    () =>
      (
        document.querySelector('[data-testid="map"]') as {
          maplibre?: { getTerrain(): { source: string } | null };
        }
      ).maplibre?.getTerrain()?.source ?? null,
  );

test.use({ signedIn: true });
// Camera moves (fly-tos, eases, a drag's glide) land at once: the tests check where the map ends
// up, and each animated frame is drawn in software WebGL here.
test.use({ reducedMotion: 'reduce' });

// One map load for both: the map as it opens, then its map types.
test('the map renders imagery with the wall markers and the High-Resolution badge; map types switch from the left panel and Earth 3D tilts the map', async ({
  page,
}) => {
  // The map and then its terrain drawn in software WebGL: more than the default on 2 busy cores.
  test.slow();
  await openMap(page, `?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  await expect(page.getByText('High-Resolution Active')).toBeVisible();
  await expect(page.getByTestId('wall-marker')).toHaveCount(1);
  expect(await canvasColours(page)).toBeGreaterThan(3);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'map-leake');

  const imaging = page.getByRole('region', { name: 'Advanced Imaging' });
  await expect(imaging.getByRole('button', { name: 'Ultra HD Satellite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await imaging.getByRole('button', { name: 'Earth 3D View' }).click();
  await expect(map(page)).toHaveAttribute('data-map-type', 'earth_3d');
  // Generous: terrain's first drawing in software WebGL holds the page up for seconds.
  await expect
    .poll(async () => (await cameraOf(page)).pitch, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(60);
  // The relief is on under Earth 3D, and off again for a flat map type.
  await expect.poll(() => terrainOf(page)).toBe('terrain');
  await imaging.getByRole('button', { name: 'Enhanced Hybrid' }).click();
  await expect(map(page)).toHaveAttribute('data-map-type', 'enhanced_hybrid');
  await expect.poll(() => terrainOf(page)).toBeNull();
  await expect(imaging.getByRole('button', { name: 'Enhanced Hybrid' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(toasts(page).getByText('Failed to switch map type')).toHaveCount(0);
});

test('the imaging controls move the map, and moving the map moves them', async ({ page }) => {
  // Many camera animations, each drawn in software WebGL: more than the default 30 s on 2 cores.
  test.slow();
  await openMap(page, `?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  expect(await cameraOf(page)).toEqual({ zoom: 16, pitch: 45, bearing: 0 });
  await page.getByRole('button', { name: 'Advanced Controls' }).click();
  const panel = page.getByTestId('imaging-controls');
  await expect(panel.getByRole('heading', { name: 'Advanced Imaging Controls' })).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Imagery' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  for (const label of [
    'Ultra HD Satellite',
    'Earth 3D View',
    'Enhanced Hybrid',
    'Standard Satellite',
  ]) {
    await expect(panel.getByRole('button', { name: new RegExp(label) })).toBeVisible();
  }
  await expect(panel.getByRole('switch', { name: /Enhanced Mode/ })).not.toBeChecked();
  await panel.getByRole('switch', { name: /Enhanced Mode/ }).click();
  await expect(map(page)).toHaveAttribute('data-enhanced', 'true');

  await panel.getByRole('tab', { name: '3D Controls' }).click();
  const tilt = panel.getByRole('slider', { name: 'Tilt' });
  const rotation = panel.getByRole('slider', { name: 'Rotation' });
  await expect(tilt).toHaveAttribute('aria-valuenow', '45');
  await expect(tilt).toHaveAttribute('aria-valuemax', '85');
  await expect(rotation).toHaveAttribute('aria-valuenow', '0');
  await expect(rotation).toHaveAttribute('aria-valuemax', '360');
  await expect(panel.getByRole('switch', { name: /3D Buildings/ })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'map-imaging-controls');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Slider to map: keyboard steps of 5 degrees tilt and 10 degrees rotation.
  await tilt.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await cameraOf(page)).pitch).toBe(55);
  await page.keyboard.press('End');
  await expect.poll(async () => (await cameraOf(page)).pitch).toBe(85);
  await rotation.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await cameraOf(page)).bearing).toBe(10);

  // Map to sliders: a right-drag on the map rotates and tilts it, and both sliders follow.
  const box = (await map(page).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 12 });
  await page.mouse.up({ button: 'right' });
  await expect.poll(async () => (await cameraOf(page)).bearing).not.toBe(10);
  await expect.poll(async () => (await cameraOf(page)).pitch).toBeLessThan(85);
  await expect(rotation).not.toHaveAttribute('aria-valuenow', '10');
  await expect(tilt).not.toHaveAttribute('aria-valuenow', '85');
  expect(await page.getByTestId('custom-marker').count()).toBe(0);

  // Reset, then the zoom caps: maximum detail adds 4 up to 22, Max Zoom adds 3 up to 22.
  await panel.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => cameraOf(page)).toEqual({ zoom: 19, pitch: 45, bearing: 0 });
  await expect(tilt).toHaveAttribute('aria-valuenow', '45');
  await expect(rotation).toHaveAttribute('aria-valuenow', '0');
  await panel.getByRole('button', { name: 'Maximum detail' }).click();
  await expect.poll(async () => (await cameraOf(page)).zoom).toBe(22);
  await expect(panel.getByRole('button', { name: 'Maximum detail' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(async () => (await cameraOf(page)).zoom).toBe(21);
  await page.getByRole('button', { name: 'Max Zoom' }).click();
  await expect.poll(async () => (await cameraOf(page)).zoom).toBe(22);
  await panel.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(async () => (await cameraOf(page)).zoom).toBe(19);
  await page.getByRole('button', { name: 'Max Zoom' }).click();
  await expect.poll(async () => (await cameraOf(page)).zoom).toBe(22);

  await panel.getByRole('switch', { name: /3D Buildings/ }).click();
  await expect(map(page)).toHaveAttribute('data-buildings', 'false');
  await panel.getByRole('button', { name: 'Close imaging controls' }).click();
  await expect(panel).toBeHidden();
});

/** The pin-here bar: what to pin at the crosshair. */
const pinBar = (page: Page) => page.getByRole('region', { name: 'Pin here' });

test('a right-click pins there: the crosshair moves to the spot and a marker stays', async ({
  page,
  expectFailure,
}) => {
  // Two map loads and two fly-tos, each drawn in software WebGL.
  test.slow();
  await openMap(page, `?lat=${LEAKE.latitude + 0.01}&lng=${LEAKE.longitude + 0.01}&zoom=15`);
  const box = (await map(page).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.5, { button: 'right' });
  // The shortcut places nothing by itself: it centres the crosshair there and asks what to pin.
  await expect(pinBar(page)).toBeVisible();
  await expect(page.getByTestId('pin-crosshair')).toBeVisible();
  expect(await (await page.request.get('/api/markers')).json()).toHaveLength(0);
  await pinBar(page).getByRole('button', { name: 'Marker' }).click();
  await expect(pinBar(page)).toBeHidden();
  await expect(toasts(page).getByText('Marker Dropped!', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Your custom marker has been placed.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('custom-marker')).toHaveCount(1);
  const saved = await (await page.request.get('/api/markers')).json();
  expect(saved).toHaveLength(1);
  expect(saved[0].latitude).toBeCloseTo(LEAKE.latitude + 0.01, 1);
  // East of the old centre: where the right-click was, not where the map looked.
  expect(saved[0].longitude).toBeGreaterThan(LEAKE.longitude + 0.01);

  await page.reload();
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('custom-marker')).toHaveCount(1);

  expectFailure('/api/markers', 500);
  await page.route('**/api/markers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{"message":"down"}' })
      : route.continue(),
  );
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.6, { button: 'right' });
  await pinBar(page).getByRole('button', { name: 'Marker' }).click();
  await expect(
    toasts(page).getByText('Failed to drop marker. Please try again.', { exact: true }),
  ).toBeVisible();
  expect(await (await page.request.get('/api/markers')).json()).toHaveLength(1);
});

test('a click on the bare map opens nothing; Pin here opens the graffiti dialog for the crosshair', async ({
  page,
}) => {
  await openMap(page, `?lat=${LEAKE.latitude + 0.02}&lng=${LEAKE.longitude}&zoom=15`);
  const box = (await map(page).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height * 0.4);
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Pin here' }).click();
  await expect(pinBar(page).getByTestId('pin-spot')).toContainText('51.5220°N 0.1157°W');
  // Panning moves the crosshair's spot; nothing is placed until a choice is made.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(pinBar(page).getByTestId('pin-spot')).not.toContainText('0.1157°W');
  const spot = await pinBar(page).getByTestId('pin-spot').textContent();
  await pinBar(page).getByRole('button', { name: 'Graffiti photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Graffiti' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('graffiti-spot')).toContainText(spot!.slice(0, 9));
  // On a 1280x800 screen the whole form shows without scrolling, Ready to Upload included.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(dialog.getByRole('button', { name: 'Ready to Upload' })).toBeInViewport({
    ratio: 1,
  });
  await expect(dialog.getByRole('button', { name: 'Ready to Upload' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Stencil rat');
  await expect(dialog.getByRole('button', { name: 'Ready to Upload' })).toBeEnabled();
});

test('with imagery unreachable, walls show on the offline basemap', async ({
  page,
  consoleErrors,
}) => {
  await page.route(/\/\/127\.0\.0\.1:\d+\/(sat|standard|labels|terrain|buildings)/, (route) =>
    route.abort(),
  );
  // Bondi Sea Wall on the coast: ocean and land both in view.
  await openMap(page, '?lat=-33.8911&lng=151.2772&zoom=9');
  await expect(page.getByTestId('offline-basemap')).toBeVisible();
  await expect(page.getByText('High-Resolution Active')).toHaveCount(0);
  await expect(page.getByTestId('wall-marker').first()).toBeVisible();
  await expect.poll(() => canvasColours(page)).toBeGreaterThanOrEqual(2);
  await screenshots(page, 'map-offline');
  // Chromium logs each refused tile; those are the point of this test.
  const unrelated = consoleErrors.filter((e) => !/ERR_FAILED|Failed to load resource/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...unrelated);
});
