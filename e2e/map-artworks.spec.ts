import { EMOJI_PINS, type EmojiPin } from '../src/core/constants.ts';
import { PIN_STYLES } from '../src/client/features/pins/pin-kinds.ts';
import { EMOJI, expect, expectNoSeriousAxeViolations, screenshots, test } from './fixtures.ts';
import { canvasPixels, map, openMap, type Spot } from './map-canvas.ts';
import { freshSeed, phonePhoto, uploadPhoto } from './photo-files.ts';

// Artworks on the map home: clusters, thumbnails and drawn pins, as a signed-in player sees them.
test.use({ signedIn: true });

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
