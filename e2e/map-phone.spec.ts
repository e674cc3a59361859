import type { Page } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { expect, expectNoSeriousAxeViolations, test, screenshot, toasts } from './fixtures.ts';
import {
  centreOf,
  credits,
  expectCreditsInReach,
  onTopAtCentre,
  overlaps,
  touches,
} from './on-screen.ts';
import { mapShare } from './map-share.ts';
import { forgiveOfflineLoadErrors } from './pwa.ts';

/** Near the seeded Leake Street Tunnel (src/data/legal-walls.json). */
const LEAKE = { latitude: 51.502, longitude: -0.1157 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test.use({ signedIn: true });
// Camera moves (fly-tos, eases, a drag's glide) land at once: the tests check where the map ends
// up, and each animated frame is drawn in software WebGL here.
test.use({ reducedMotion: 'reduce' });

test.beforeEach(() => {
  // Each test starts the map in software WebGL and moves it several times on a 2-core runner.
  test.slow();
});

const map = (page: Page) => page.getByTestId('map');
const sheet = (page: Page) => page.getByTestId('map-sheet');
const placeSheet = (page: Page) => page.getByTestId('place-sheet');
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Map actions' });
const pinBar = (page: Page) => page.getByRole('region', { name: 'Pin here' });
const FAB_NAMES = ['Pin here', 'Map layers', 'Find my location'];

/** The labels of the pin bar's choices that do not fit inside their buttons. */
const spilledLabels = (page: Page) =>
  pinBar(page)
    .getByRole('group', { name: 'What to pin here' })
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight)
        .map((b) => b.textContent),
    );

async function openMap(
  page: Page,
  query = `?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`,
) {
  await page.goto(`/${query}`);
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
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
  // The map between the header and the sheet standing on the tab bar, from their boxes...
  const canvas = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  const sheetTop = Math.min(
    (await sheet(page).boundingBox())!.y,
    (await tabBar(page).boundingBox())!.y,
  );
  const band = Math.min(sheetTop, canvas.y + canvas.height) - (header.y + header.height);
  const bandShare = (band * Math.min(canvas.width, PHONE.width)) / (PHONE.width * PHONE.height);
  // ...and, stricter, less everything else drawn over it (the badge, the floating buttons).
  const { share, covering } = await mapShare(page);
  console.log(
    `map at rest, 390x844: ${(bandShare * 100).toFixed(1)}% between header and sheet, ${(share * 100).toFixed(1)}% with nothing over it`,
  );
  expect(bandShare).toBeGreaterThanOrEqual(0.75);
  expect(share, covering.join('\n')).toBeGreaterThanOrEqual(0.75);
  await screenshot(page, 'map-phone-rest-390');

  // The map's credits: clear of the badge, the sheet, the tab bar and the floating buttons.
  await expectCreditsInReach(page);
  for (const name of FAB_NAMES)
    expect(await onTopAtCentre(page.getByRole('button', { name }))).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('map-sheet')).toHaveCount(0);
  await expectCreditsInReach(page);
  await screenshot(page, 'map-phone-rest-1280');
  await page.setViewportSize(PHONE);

  // The first-visit tip is small too, and once dismissed it stays away.
  await page.reload();
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
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

  // SPEC's action bar is the tab bar under the sheet; Allow Location sits beside its title.
  for (const name of ['Colors', 'Profile', 'Community'])
    await expect(tabBar(page).getByRole('link', { name })).toBeVisible();
  await expect(tabBar(page).getByRole('button', { name: 'Capture' })).toBeVisible();
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
  const fabs = await Promise.all(
    FAB_NAMES.map(async (name) => (await page.getByRole('button', { name }).boundingBox())!),
  );

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
  // Expanded, the sheet is all there is where the floating buttons were: none shows through.
  for (const name of FAB_NAMES) await expect(page.getByRole('button', { name })).toHaveCount(0);
  for (const fab of fabs) expect(await touches(sheet(page), centreOf(fab))).toBe(true);
  await screenshot(page, 'map-phone-sheet-full-390');
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
  // Chosen from the list, the wall comes to the middle of the map left above its sheet.
  await expectMarkerAboveSheet(page);

  // Closed, the list is back as it was, on the entry the wall was chosen from.
  await placeSheet(page).getByRole('button', { name: 'Close' }).click();
  await expect(placeSheet(page)).toHaveCount(0);
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');
  await expect(wall).toBeFocused();
});

/**
 * The selected wall's details are a sheet of their own on the tab bar, and the wall's marker is
 * in view above it, under the header, with nothing drawn over it.
 */
async function expectMarkerAboveSheet(page: Page) {
  const details = placeSheet(page);
  await expect(details.getByTestId('location-panel')).toBeVisible();
  await expect(sheet(page)).toHaveCount(0);
  const detailsBox = (await details.boundingBox())!;
  const bar = (await tabBar(page).boundingBox())!;
  expect(Math.abs(detailsBox.y + detailsBox.height - bar.y)).toBeLessThanOrEqual(1);
  expect(bar.y + bar.height).toBe(PHONE.height);
  const header = (await page.getByRole('banner').boundingBox())!;
  const marker = page.getByTestId('wall-marker');
  await expect
    .poll(async () => {
      const m = (await marker.boundingBox())!;
      return m.y >= header.y + header.height && m.y + m.height <= detailsBox.y;
    })
    .toBe(true);
  expect(await onTopAtCentre(marker)).toBe(true);
}

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

  // The wall's marker opens its details in their own sheet, the marker still in view above it;
  // a tap on the bare map closes them again.
  await page.getByTestId('wall-marker').tap();
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Leake Street Tunnel' })).toBeVisible();
  await expectMarkerAboveSheet(page);
  for (const name of FAB_NAMES) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(placeSheet(page).getByRole('button', { name: 'Close' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'map-phone-wall-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(panel).toBeVisible();
  await screenshot(page, 'map-phone-wall-1280');
  await page.setViewportSize(PHONE);
  await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height * 0.2);
  await expect(panel).toBeHidden();
  await expect(sheet(page)).toHaveAttribute('data-snap', '0');
  await expect(
    page.getByRole('dialog', { name: /Upload Graffiti|Document Street Art/ }),
  ).toHaveCount(0);
});

// One map load for both ways to pin: the button, then the long-press.
test('pin here: the crosshair picks the spot, a discovery is documented there; a long-press is the shortcut: the crosshair jumps there, Cancel places nothing', async ({
  page,
}) => {
  await openMap(page);
  await page.getByRole('button', { name: 'Pin here' }).click();
  await expect(page.getByTestId('pin-crosshair')).toBeVisible();
  await expect(pinBar(page).getByTestId('pin-spot')).toHaveText('51.5020°N 0.1157°W');
  await screenshot(page, 'map-phone-pin-390');
  // Every choice's label fits its button, on this phone and on a 320 px one; the credits stay
  // clear of the bar.
  expect(await spilledLabels(page)).toEqual([]);
  expect(await onTopAtCentre(credits(page))).toBe(true);
  expect(await onTopAtCentre(pinBar(page).getByRole('button', { name: 'Legal wall' }))).toBe(true);
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(pinBar(page)).toBeVisible();
  expect(await spilledLabels(page)).toEqual([]);
  const bar = (await pinBar(page).boundingBox())!;
  expect(bar.x).toBeGreaterThanOrEqual(0);
  expect(bar.x + bar.width).toBeLessThanOrEqual(320);
  await screenshot(page, 'map-phone-pin-320');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await spilledLabels(page)).toEqual([]);
  await screenshot(page, 'map-phone-pin-1280');
  await page.setViewportSize(PHONE);
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

  // The long-press, from the same view: the map has not moved since the crosshair showed it.
  // The save's toast, over the top of a phone's map, is closed first so the finger is on the map.
  await toasts(page).getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toasts(page).getByRole('listitem')).toHaveCount(0);
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

test('a link to one piece opens its details with the piece in view above them', async ({
  page,
}) => {
  // A seeded open-data mural (docs/decisions/023-open-data-connectors.md).
  const mural = { id: 'art-montreal-murales-1', latitude: 45.58041, longitude: -73.622218 };
  await openMap(page, `?lat=${mural.latitude}&lng=${mural.longitude}&zoom=17&artwork=${mural.id}`);
  const details = placeSheet(page);
  await expect(details.getByRole('heading', { name: 'Mural by Yannick Picard' })).toBeVisible();
  const sheetTop = (await details.boundingBox())!.y;
  const header = (await page.getByRole('banner').boundingBox())!;
  const muralOnScreen = () =>
    map(page).evaluate((element, at) => {
      const m = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
      return element.getBoundingClientRect().top + m.project([at.longitude, at.latitude]).y;
    }, mural);
  await expect.poll(muralOnScreen).toBeLessThan(sheetTop - 40);
  expect(await muralOnScreen()).toBeGreaterThan(header.y + header.height + 40);
});

test('offline, the pill sits under the header, clear of the sheet, the badge and the credits', async ({
  page,
  context,
  consoleErrors,
}) => {
  await openMap(page);
  await page.getByRole('button', { name: 'Dismiss tip' }).click();
  // The layers sheet opened once online, so its parts are on the device (no worker here).
  await page.getByRole('button', { name: 'Map layers' }).click();
  await expect(sheet(page)).toHaveAttribute('data-snap', '1');
  await expect(sheet(page).getByRole('region', { name: 'Advanced Imaging' })).toBeVisible();
  for (const name of ['Filters and layers', 'Saved areas'])
    await expect(sheet(page).getByRole('heading', { name, exact: true })).toBeAttached();
  await context.setOffline(true);
  const pill = page.getByRole('status').filter({ hasText: /^Offline/ });
  await expect(pill).toBeVisible();

  const pillBox = (await pill.boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(pillBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  const badge = page.getByText(/^(High-Resolution Active|Offline map: imagery unavailable)$/);
  for (const other of [sheet(page), badge, credits(page)])
    expect(overlaps(pillBox, (await other.boundingBox())!)).toBe(false);
  expect(await onTopAtCentre(credits(page))).toBe(true);
  await screenshot(page, 'map-phone-offline-layers-390');

  forgiveOfflineLoadErrors(consoleErrors);
  await context.setOffline(false);
});
