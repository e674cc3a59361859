import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, test, screenshot } from './fixtures.ts';
import { mapShare } from './map-share.ts';

/** Near the seeded Leake Street Tunnel (src/data/legal-walls.json). */
const LEAKE = { latitude: 51.502, longitude: -0.1157 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test.beforeEach(async ({ player }) => {
  // Each test starts the map in software WebGL and moves it several times on a 2-core runner.
  test.slow();
  expect(player.id).toBeTruthy();
});

const map = (page: Page) => page.getByTestId('map');
const sheet = (page: Page) => page.getByTestId('map-sheet');
const pinBar = (page: Page) => page.getByRole('region', { name: 'Pin here' });

async function openMap(
  page: Page,
  query = `?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`,
) {
  await page.goto(`/${query}`);
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('map-loading')).toBeHidden();
}

/** A finger held on the map for `ms` (Playwright's touchscreen only taps). */
async function longPress(page: Page, x: number, y: number, ms = 900) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * A finger dragged from one point to another in `steps` moves `ms` apart. The events carry
 * their own timestamps, so the sheet sees the intended speed however slowly they are delivered.
 */
async function swipe(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps: number,
  ms: number,
) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const at = (i: number) => start + (i * ms) / 1000;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [from],
    timestamp: at(0),
  });
  for (let i = 1; i <= steps; i++) {
    const point = {
      x: from.x + ((to.x - from.x) * i) / steps,
      y: from.y + ((to.y - from.y) * i) / steps,
    };
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [point],
      timestamp: at(i),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: at(steps),
  });
}

test('at rest on a 390x844 phone the map fills at least 75% of the screen', async ({ page }) => {
  await openMap(page);
  await page.getByRole('button', { name: 'Dismiss tip' }).click();
  await expect(page.getByText('High-Resolution Active')).toBeVisible();
  await expect(sheet(page)).toHaveAttribute('data-snap', '0');
  const { share, covering } = await mapShare(page);
  console.log(`map share at rest, 390x844: ${(share * 100).toFixed(1)}%`);
  expect(share, covering.join('\n')).toBeGreaterThanOrEqual(0.75);
  await screenshot(page, 'map-phone-rest-390');

  // The first-visit tip is small too, and once dismissed it stays away.
  await page.reload();
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByRole('note', { name: 'How to pin' })).toHaveCount(0);
});

test('the first visit shows how to pin; every SPEC control is reachable from the sheet and the floating buttons', async ({
  page,
}) => {
  await openMap(page);
  await expect(page.getByRole('note', { name: 'How to pin' })).toContainText(
    'or long-press the map',
  );
  const withTip = await mapShare(page);
  expect(withTip.share).toBeGreaterThanOrEqual(0.7);
  await screenshot(page, 'map-phone-first-visit-390');

  // SPEC's action bar is the sheet's peek; Allow Location sits beside its title.
  for (const name of ['Colors', 'Profile', 'Community'])
    await expect(sheet(page).getByRole('link', { name })).toBeVisible();
  await expect(sheet(page).getByRole('button', { name: 'Capture' })).toBeVisible();
  await expect(sheet(page).getByRole('button', { name: 'Allow Location' })).toBeVisible();

  // The grab button drives the sheet by keyboard: up to half shows the walls list.
  const grab = sheet(page).getByRole('button', { name: 'Expand panel' });
  await grab.focus();
  await page.keyboard.press('ArrowUp');
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');
  await expect(sheet(page).getByRole('button', { name: /Leake Street Tunnel/ })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(sheet(page)).toHaveAttribute('data-snap', '2');
  await page.keyboard.press('Home');
  await expect(sheet(page)).toHaveAttribute('data-snap', '0');

  // Layers: the Advanced Imaging panel, its map types, Max Zoom and Advanced Controls.
  await page.getByRole('button', { name: 'Map layers' }).click();
  const imaging = page.getByRole('region', { name: 'Advanced Imaging' });
  await expect(imaging).toBeVisible();
  for (const name of ['Ultra HD Satellite', 'Earth 3D View', 'Enhanced Hybrid', 'Max Zoom'])
    await expect(imaging.getByRole('button', { name })).toBeVisible();
  await expect(page.getByText('High-Resolution Active')).toBeVisible();
  await imaging.getByRole('button', { name: 'Max Zoom' }).click();
  await expect.poll(async () => Number(await map(page).getAttribute('data-zoom'))).toBe(19);
  await imaging.getByRole('button', { name: 'Advanced Controls' }).click();
  const controls = page.getByTestId('imaging-controls');
  await expect(controls.getByRole('tab', { name: 'Imagery' })).toBeVisible();
  await expect(controls.getByRole('tab', { name: '3D Controls' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'map-phone-controls-390');
  await controls.getByRole('button', { name: 'Close imaging controls' }).click();
  await expect(controls).toBeHidden();
  await screenshot(page, 'map-phone-imaging-390');
});

test('the sheet follows a finger: a slow drag rests at the nearest snap, a flick goes on to the next', async ({
  page,
}) => {
  await openMap(page);
  await page.getByRole('button', { name: 'Dismiss tip' }).click();
  await expect(sheet(page)).toHaveAttribute('data-snap', '0');
  const title = page.locator('#map-sheet-title');
  const top = async () => (await title.boundingBox())!.y;
  const x = PHONE.width / 2;

  // A slow drag up to the middle of the screen: the sheet rests at half, the walls list shows.
  const atPeek = await top();
  await swipe(page, { x, y: atPeek + 10 }, { x, y: PHONE.height / 2 }, 25, 60);
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');
  await expect(sheet(page).getByRole('button', { name: /Leake Street Tunnel/ })).toBeVisible();

  // A short quick flick up from half goes on to full; one down from the title comes back.
  const atHalf = await top();
  await swipe(page, { x, y: atHalf + 10 }, { x, y: atHalf - 60 }, 3, 10);
  await expect(sheet(page)).toHaveAttribute('data-snap', '2');
  await expect.poll(top).toBeLessThan(120);
  await swipe(page, { x, y: (await top()) + 10 }, { x, y: (await top()) + 70 }, 3, 10);
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');

  // A drag that ends over a wall does not open it; a tap still does.
  const wall = sheet(page).getByRole('button', { name: /Leake Street Tunnel/ });
  const box = (await wall.boundingBox())!;
  await swipe(page, { x, y: box.y - 80 }, { x, y: box.y + box.height / 2 }, 10, 60);
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');
  await screenshot(page, 'map-phone-sheet-half-390');
  await expect(page.getByTestId('location-panel')).toHaveCount(0);
  await wall.tap();
  await expect(page.getByTestId('location-panel')).toBeVisible();
});

test('a tap selects a marker or closes what is open, and never opens a dialog', async ({
  page,
}) => {
  await openMap(page);
  const box = (await map(page).boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.waitForTimeout(500);
  await expect(
    page.getByRole('dialog', { name: /Upload Graffiti|Document Street Art/ }),
  ).toHaveCount(0);

  // The wall's marker opens its panel in the sheet; a tap on the bare map closes it again.
  await page.getByTestId('wall-marker').tap();
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Leake Street Tunnel' })).toBeVisible();
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');
  await screenshot(page, 'map-phone-wall-390');
  await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.2);
  await expect(panel).toBeHidden();
  await expect(sheet(page)).toHaveAttribute('data-snap', '0');
  await expect(
    page.getByRole('dialog', { name: /Upload Graffiti|Document Street Art/ }),
  ).toHaveCount(0);
});

test('pin here: the crosshair picks the spot, a discovery is documented there', async ({
  page,
}) => {
  await openMap(page);
  await page.getByRole('button', { name: 'Pin here' }).click();
  await expect(page.getByTestId('pin-crosshair')).toBeVisible();
  await expect(pinBar(page).getByTestId('pin-spot')).toHaveText('51.5020°N 0.1157°W');
  await screenshot(page, 'map-phone-pin-390');
  await pinBar(page).getByRole('button', { name: 'Discovery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Document Street Art' });
  await expect(dialog.getByText('Pinned at the spot you chose: 51.5020°N 0.1157°W')).toBeVisible();
  await dialog.getByLabel('Name').fill('Tunnel stencil');
  await dialog.getByRole('button', { name: 'Add Discovery' }).click();
  await expect(dialog).toBeHidden();
  const [mine] = await (await page.request.get('/api/discoveries/user')).json();
  const saved = await (await page.request.get(`/api/discoveries/${mine.id}`)).json();
  expect(saved.latitude).toBeCloseTo(LEAKE.latitude, 4);
  expect(saved.longitude).toBeCloseTo(LEAKE.longitude, 4);
});

test('a long-press is the shortcut: the crosshair jumps there, Cancel places nothing', async ({
  page,
}) => {
  await openMap(page);
  const box = (await map(page).boundingBox())!;
  await longPress(page, box.x + box.width * 0.75, box.y + box.height * 0.25);
  await expect(pinBar(page)).toBeVisible();
  // North-east of the old centre: the spot under the finger is now the crosshair's.
  await expect(pinBar(page).getByTestId('pin-spot')).not.toHaveText('51.5020°N 0.1157°W');
  const [lat, lng] = (await pinBar(page).getByTestId('pin-spot').textContent())!
    .match(/[\d.]+/g)!
    .map(Number);
  expect(lat).toBeGreaterThan(LEAKE.latitude);
  expect(lng).toBeLessThan(Math.abs(LEAKE.longitude));
  await pinBar(page).getByRole('button', { name: 'Cancel pinning' }).click();
  await expect(pinBar(page)).toBeHidden();
  await expect(page.getByTestId('pin-crosshair')).toBeHidden();
  expect(await (await page.request.get('/api/markers')).json()).toEqual([]);
});
