import type { Page } from '@playwright/test';
import { EMOJI_PINS, type EmojiPin } from '../src/core/constants.ts';
import { PIN_STYLES } from '../src/client/features/pins/pin-kinds.ts';
import {
  EMOJI,
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  test,
  toasts,
} from './fixtures.ts';
import { freshSeed, phonePhoto, uploadPhoto } from './photo-files.ts';

/** The seeded Leake Street Tunnel (src/data/legal-walls.json) and a quiet spot beside it. */
const LEAKE = { latitude: 51.502, longitude: -0.1157 };

const map = (page: Page) => page.getByTestId('map');

async function openMap(page: Page, query = '') {
  await page.goto(`/${query}`);
  // Generous: the map chunk compiles its shaders in software on a busy 2-core runner.
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('map-loading')).toBeHidden();
}

/** The map's own camera, as the map element reports it. */
async function cameraOf(page: Page) {
  const m = map(page);
  return {
    zoom: Number(await m.getAttribute('data-zoom')),
    pitch: Number(await m.getAttribute('data-pitch')),
    bearing: Number(await m.getAttribute('data-bearing')),
  };
}

interface Spot {
  /** Pixels of that colour, give or take a little. */
  count: number;
  /** Their centre, in px from the map's top left. */
  x: number;
  y: number;
}

/**
 * A screenshot of the map canvas read back: how many distinct colours it has (a blank canvas
 * has one) and where each colour of `find` shows near the centre (the page's panels cover
 * the map's edges, and their colours are not the map's).
 */
async function canvasPixels(
  page: Page,
  find: string[] = [],
): Promise<{ colours: number; spots: Spot[] }> {
  const shot = await page.locator('canvas.maplibregl-canvas').screenshot();
  return page.evaluate(
    async ({ b64, find }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) {
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
      const targets = find.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
      const spots = targets.map(() => ({ count: 0, x: 0, y: 0 }));
      const [cx, cy] = [c.width / 2, c.height / 2];
      for (let y = Math.max(0, cy - 120); y < Math.min(c.height, cy + 40); y++) {
        for (let x = Math.max(0, cx - 240); x < Math.min(c.width, cx + 240); x++) {
          const i = (Math.floor(y) * c.width + Math.floor(x)) * 4;
          targets.forEach((rgb, t) => {
            if (rgb.every((v, k) => Math.abs(v - data[i + k]!) <= 24)) {
              const spot = spots[t]!;
              spot.count++;
              spot.x += x;
              spot.y += y;
            }
          });
        }
      }
      for (const spot of spots) {
        spot.x /= spot.count || 1;
        spot.y /= spot.count || 1;
      }
      return { colours: colours.size, spots };
    },
    { b64: shot.toString('base64'), find },
  );
}

const canvasColours = async (page: Page) => (await canvasPixels(page)).colours;

test.use({ signedIn: true });

test('the map renders imagery with the wall markers and the High-Resolution badge', async ({
  page,
}) => {
  await openMap(page, `?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  await expect(page.getByText('High-Resolution Active')).toBeVisible();
  await expect(page.getByTestId('wall-marker')).toHaveCount(1);
  expect(await canvasColours(page)).toBeGreaterThan(3);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'map-leake');
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

test('map types switch from the left panel; Earth 3D tilts the map', async ({ page }) => {
  await openMap(page, `?lat=${LEAKE.latitude}&lng=${LEAKE.longitude}&zoom=16`);
  const imaging = page.getByRole('region', { name: 'Advanced Imaging' });
  await expect(imaging.getByRole('button', { name: 'Ultra HD Satellite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await imaging.getByRole('button', { name: 'Earth 3D View' }).click();
  await expect(map(page)).toHaveAttribute('data-map-type', 'earth_3d');
  await expect.poll(async () => (await cameraOf(page)).pitch).toBeGreaterThanOrEqual(60);
  await imaging.getByRole('button', { name: 'Enhanced Hybrid' }).click();
  await expect(map(page)).toHaveAttribute('data-map-type', 'enhanced_hybrid');
  await expect(imaging.getByRole('button', { name: 'Enhanced Hybrid' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(toasts(page).getByText('Failed to switch map type')).toHaveCount(0);
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
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
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

test('artworks cluster, split on click, and open their panel', async ({ page }) => {
  // A spot of our own, far from the seeded walls and other tests' artworks. The lone one is
  // under a kilometre from the rest, so the fair-play travel check holds none of them.
  const base = { latitude: -40 + Math.random() * 10, longitude: 120 + Math.random() * 20 };
  const lone = base.latitude + 0.008;
  // The lone one has its photo, so its find counts and its finder shows; the tags need none.
  const loneSpot = { latitude: lone, longitude: base.longitude };
  const lonePhoto = await uploadPhoto(
    page,
    (await phonePhoto(freshSeed(), undefined, loneSpot)).buffer,
  );
  for (let i = 0; i < 12; i++) {
    const res = await page.request.post('/api/discoveries', {
      data: {
        name: i === 0 ? 'Lone koala' : `Tag ${i}`,
        description: 'Spotted on a laneway',
        imageUrl: i === 0 ? lonePhoto : undefined,
        latitude: i === 0 ? lone : base.latitude + i * 0.0001,
        longitude: base.longitude,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await openMap(page, `?lat=${base.latitude}&lng=${base.longitude}&zoom=12`);
  await expect(map(page)).toHaveAttribute('data-artworks', /^\d+$/);
  expect(Number(await map(page).getAttribute('data-artworks'))).toBeGreaterThanOrEqual(12);

  // The lone one, alone at the centre of a close view: its panel shows the artwork.
  await openMap(page, `?lat=${lone}&lng=${base.longitude}&zoom=18`);
  await expect(map(page)).toHaveAttribute('data-artworks', /^\d+$/);
  const box = (await map(page).boundingBox())!;
  // A pin stands on its spot: its head is above the map's centre.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 - 20);
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Lone koala' })).toBeVisible();
  await expect(panel.getByText('Street Art', { exact: true })).toBeVisible();
  await expect(panel.getByText('Legal Wall', { exact: true })).toHaveCount(0);
  await expect(panel.getByTestId('artwork-status')).toHaveText('Still there');
  await expect(panel.getByText('Last seen today')).toBeVisible();
  await expect(panel.getByText('1 finder', { exact: true })).toBeVisible();
  await expect(panel.getByText('Unknown artist')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View artwork' })).toHaveAttribute(
    'href',
    /^\/art\/[A-Za-z0-9-]+$/,
  );
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
});

test('zoomed in close, artworks show their photo thumbnails', async ({ page }) => {
  const spot = { latitude: -30 - Math.random() * 5, longitude: 115 + Math.random() * 5 };
  const imageUrl = await uploadPhoto(page, (await phonePhoto(freshSeed())).buffer);
  const res = await page.request.post('/api/discoveries', {
    data: { name: 'Fresh paste-up', imageUrl, ...spot },
  });
  expect(res.status()).toBe(201);

  await openMap(page, `?lat=${spot.latitude}&lng=${spot.longitude}&zoom=18`);
  await expect(page.getByTestId('artwork-thumbnail')).toHaveAttribute('data-status', 'present');
  const thumbnail = page.getByTestId('artwork-thumbnail').locator('img');
  await expect(thumbnail).toHaveCount(1);
  // Loaded, not an empty square: the image decoded to real pixels.
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('artworks and markers show as drawn pins of their type', async ({ page }) => {
  // Several canvas read-backs and a resize, each drawn in software WebGL on a busy runner.
  test.slow();
  const base = { latitude: -40 + Math.random() * 10, longitude: 120 + Math.random() * 20 };
  const pins = Object.keys(EMOJI_PINS) as EmojiPin[];
  for (const [i, pin] of pins.entries()) {
    const res = await page.request.post('/api/discoveries', {
      data: {
        name: `${EMOJI_PINS[pin].label} piece`,
        emojiPin: pin,
        latitude: base.latitude,
        longitude: base.longitude + (i - 2) * 0.0003,
      },
    });
    expect(res.status()).toBe(201);
  }
  const dropped = await page.request.post('/api/markers', {
    data: { latitude: base.latitude - 0.0003, longitude: base.longitude, emojiPin: 'flag' },
  });
  expect(dropped.status()).toBe(201);

  await openMap(page, `?lat=${base.latitude}&lng=${base.longitude}&zoom=18`);
  await expect(map(page)).toHaveAttribute('data-artworks', /^\d+$/);
  const marker = page.getByTestId('custom-marker');
  await expect(marker.locator('svg[data-pin="flag"]')).toBeVisible();
  await expect(marker).not.toContainText(EMOJI);

  // Each artwork is drawn in its type's colour on the canvas, standing on its own spot.
  const colours = pins.map((pin) => PIN_STYLES[pin].colour);
  let spots: Spot[] = [];
  await expect
    .poll(async () => {
      spots = (await canvasPixels(page, colours)).spots;
      return spots.map((s) => s.count >= 40);
    })
    .toEqual(pins.map(() => true));
  const xs = spots.map((s) => s.x);
  expect(xs).toEqual([...xs].sort((a, b) => a - b));
  await screenshots(page, 'map-pins');

  // The screenshots leave the page 1280 wide: find the Hot Spot pin there and open it.
  let hotSpot: Spot = { count: 0, x: 0, y: 0 };
  await expect
    .poll(async () => {
      hotSpot = (await canvasPixels(page, [PIN_STYLES.hot_spot.colour])).spots[0]!;
      return hotSpot.count;
    })
    .toBeGreaterThanOrEqual(40);
  const box = (await map(page).boundingBox())!;
  await page.mouse.click(box.x + hotSpot.x, box.y + hotSpot.y);
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Hot Spot piece' })).toBeVisible();
  const badge = panel.getByTestId('pin-badge');
  await expect(badge).toHaveText('Pin type: Hot Spot');
  await expect(badge.locator('svg[data-pin="hot_spot"]')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'map-pin-panel');
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
