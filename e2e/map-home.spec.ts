import type { Page } from '@playwright/test';
import { EMOJI_PINS } from '../src/core/constants.ts';
import { phoneJpeg } from '../test/images.ts';
import {
  EMOJI,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
  toasts,
  screenshot,
} from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';

/** Near the seeded Bondi Sea Wall (src/data/legal-walls.json). */
const BONDI = { latitude: -33.8911, longitude: 151.2772 };

// Every test here is about a freshly signed-up player.
test.use({ signedIn: true });
// Camera moves (fly-tos, eases, a drag's glide) land at once: the tests check where the map ends
// up, and each animated frame is drawn in software WebGL here.
test.use({ reducedMotion: 'reduce' });

const tokenCount = (page: Page) => page.getByTestId('token-count');
const wallsHeading = (page: Page) =>
  page.getByRole('heading', { name: /legal walls? within 10 km/ });

test.describe('without a location', () => {
  test('the header shows the player, level line, tokens, VIP and Sign Out', async ({
    page,
    player,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('player-name')).toHaveText(player.username);
    await expect(header.getByText('Level 1 • 0 Discoveries')).toBeVisible();
    await expect(tokenCount(page)).toHaveText('0 tokens');
    await expect(header.getByText('Artist', { exact: true })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign Out' })).toHaveAttribute(
      'href',
      '/api/logout',
    );
    await expect(header.getByRole('button', { name: 'Connect' })).toBeVisible();

    // No location yet: the card offers it, the map waits on the Gold Coast.
    await expect(page.getByRole('button', { name: 'Allow Location' })).toBeVisible();
    await expect(page.getByTestId('map-centre')).toContainText('Gold Coast (default)');
    await expect(page.getByText('No legal walls mapped around here yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse legal walls' })).toHaveAttribute(
      'href',
      '/missions',
    );
    // None within 10 km: the nearest ones further out are offered, closest first.
    const nearest = page.getByRole('list', { name: 'Nearest legal walls' }).getByRole('button');
    await expect(nearest.first()).toContainText('Murwillumbah levee wall');
    await expect(nearest.first()).toContainText('Murwillumbah · 34.6 km');
    await expect(nearest).toHaveCount(3);
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'map-home-no-location');

    // Choosing one takes the map there and opens its panel.
    await nearest.first().click();
    await expect(page.getByRole('heading', { name: 'Murwillumbah levee wall' })).toBeVisible();
    await expect(page.getByTestId('map-centre')).toContainText('28.328°S 153.397°E');

    await header.getByRole('link', { name: 'VIP' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test('the phone header fits 360 px with 44 px targets and keeps Sign Out in the drawer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(tokenCount(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const target of [
      page.getByRole('button', { name: 'Open menu' }),
      page.getByRole('link', { name: 'VIP' }),
      page.getByRole('button', { name: 'Capture' }),
      page.getByRole('link', { name: 'Colors' }),
    ]) {
      const box = await target.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Out' })).toBeHidden();
    await screenshot(page, 'map-home-360');
  });

  test('the Artist badge appears once discoveries exceed 5', async ({ page }) => {
    // Each with a photo taken there: only a documented find counts.
    const spot = { latitude: -27.46, longitude: 153.01 };
    const post = async (i: number) => {
      const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...spot }));
      return page.request.post('/api/discoveries', {
        data: { name: `Wall piece ${i}`, imageUrl, ...spot },
      });
    };
    for (let i = 1; i <= 5; i++) expect((await post(i)).status()).toBe(201);
    await page.goto('/');
    await expect(page.getByText(/^Level \d+ • 5 Discoveries$/)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Artist', { exact: true })).toHaveCount(0);

    expect((await post(6)).status()).toBe(201);
    await page.reload();
    await expect(page.getByText(/^Level \d+ • 6 Discoveries$/)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Artist', { exact: true })).toBeVisible();
    await expect(tokenCount(page)).toHaveText('300 tokens');
  });

  test('a denied location falls back to the Gold Coast with a toast', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Allow Location' }).click();
    await expect(toasts(page).getByText('Using Default Location', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('Showing Gold Coast, Australia', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Allow Location' })).toBeHidden();
    await expect(page.getByTestId('map-centre')).toContainText('Gold Coast (default)');
    // A location exists now (the fallback), so the nearby-discoveries count shows.
    await expect(page.getByText(/\d+ discover(y|ies) nearby/)).toBeVisible();

    // The Gold Coast is where the map looks, not where the player is: nothing can be pinned.
    await page.getByRole('button', { name: 'Capture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document Street Art' });
    await expect(dialog.getByText(/Location access is off/)).toBeVisible();
    await dialog.getByLabel('Name').fill('Gold Coast mural');
    await dialog.getByRole('button', { name: 'Add Discovery' }).click();
    await expect(toasts(page).getByText('Location Required', { exact: true })).toBeVisible();
  });

  test('a map link centres on its lat and lng and lists the walls there', async ({ page }) => {
    await page.goto('/?lat=51.502&lng=-0.1157&zoom=16');
    await expect(page.getByTestId('map-centre')).toContainText('Map link');
    await expect(page.getByTestId('map-centre')).toContainText('51.502°N 0.116°W · z16');
    await expect(wallsHeading(page)).toHaveText('1 legal wall within 10 km');
    const entry = page.getByRole('button', { name: /Leake Street Tunnel/ });
    await expect(entry).toContainText('London · 0 m');

    // The wall is at the link's centre, so its 40x40 marker sits in the middle of the map.
    await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', {
      timeout: 60_000,
    });
    const stage = (await page.getByTestId('map').boundingBox())!;
    const marker = (await page.getByTestId('wall-marker').boundingBox())!;
    expect(marker.width).toBe(40);
    expect(marker.height).toBe(40);
    expect(Math.abs(marker.x + 20 - (stage.x + stage.width / 2))).toBeLessThan(2);
    expect(Math.abs(marker.y + 20 - (stage.y + stage.height / 2))).toBeLessThan(2);

    await entry.click();
    const panel = page.getByTestId('location-panel');
    await expect(panel.getByRole('heading', { name: 'Leake Street Tunnel' })).toBeFocused();
    await expect(panel.getByText('Street Art', { exact: true })).toBeVisible();
    await expect(panel.getByText('Legal Wall', { exact: true })).toBeVisible();
    await expect(panel.getByText('No Permit Required')).toBeVisible();
    await expect(panel.getByText('Leake Street, London SE1 7PN')).toBeVisible();
    await expect(panel.getByText('London, United Kingdom')).toBeVisible();
    await expect(panel.getByText('Not stated by source (public pedestrian street)')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'map-home-wall-panel');

    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(entry).toBeFocused();

    // The marker on the map opens the same panel.
    await page.getByTestId('wall-marker').click();
    await expect(panel.getByRole('heading', { name: 'Leake Street Tunnel' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('a bad map link is ignored', async ({ page }) => {
    await page.goto('/?lat=200&lng=abc&zoom=16');
    await expect(page.getByTestId('map-centre')).toContainText('Gold Coast (default)');
  });

  test('Capture validates the name, then the location, and resets on close', async ({ page }) => {
    // Screenshots at two sizes redraw the map and switch between phone and desktop layouts.
    test.slow();
    await page.goto('/');
    await page.getByRole('button', { name: 'Capture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document Street Art' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Only upload photos you took yourself of legal graffiti.'),
    ).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Location' })).toBeChecked();
    for (const pin of ['Tag', 'Marker', 'Flag', 'Hot Spot']) {
      await expect(dialog.getByRole('radio', { name: pin })).not.toBeChecked();
    }
    // Each pin type is drawn beside its name; an emoji would be a box without an emoji font.
    const pinTypes = dialog.getByRole('group', { name: 'Pin type' });
    for (const [id, { label }] of Object.entries(EMOJI_PINS)) {
      const choice = pinTypes
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: label, exact: true }) });
      await expect(choice.locator(`svg[data-pin="${id}"]`)).toBeVisible();
    }
    await expect(pinTypes).not.toContainText(EMOJI);
    await expect(dialog.getByRole('radio', { name: /Photographer/ })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Fresh artwork/ })).toHaveCount(0);
    await dialog.getByRole('radio', { name: /Artist/ }).check({ force: true });
    await expect(dialog.getByRole('switch', { name: /Fresh artwork/ })).toBeVisible();

    await dialog.getByRole('button', { name: 'Add Discovery' }).click();
    await expect(toasts(page).getByText('Missing Information', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('Please enter a name for your discovery.', { exact: true }),
    ).toBeVisible();

    await dialog.getByLabel('Name').fill('Koala stencil');
    await dialog.getByRole('button', { name: 'Add Discovery' }).click();
    await expect(toasts(page).getByText('Location Required', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('Location access is required to save discoveries.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Use my location' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'capture-dialog');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Capture' })).toBeFocused();
    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByRole('radio', { name: /Photographer/ })).toBeChecked();
  });

  test('the action bar links to Colors, Profile and Community', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Map actions' });
    await expect(bar.getByRole('link', { name: 'Colors' })).toHaveAttribute('href', '/color-chart');
    await expect(bar.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(bar.getByRole('link', { name: 'Community' })).toHaveAttribute(
      'href',
      '/community',
    );
    await bar.getByRole('link', { name: 'Community' }).click();
    await expect(page).toHaveURL(/\/community$/);
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });
});

test.describe('with the location allowed', () => {
  test.use({ geolocation: BONDI, permissions: ['geolocation'] });

  test('an already-granted location is used on load: no card, Bondi walls', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('map-centre')).toContainText('Your location');
    await expect(page.getByRole('button', { name: 'Allow Location' })).toHaveCount(0);
    // The dot is a map marker: generous, the map compiles its shaders in software here.
    await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('player-dot')).toBeVisible();
    await expect(wallsHeading(page)).toHaveText(/^\d+ legal walls? within 10 km$/);
    const bondi = page.getByRole('button', { name: /Bondi Sea Wall/ });
    await expect(bondi).toContainText('Sydney');
    await expect(page.getByText(/\d+ discover(y|ies) nearby/)).toBeVisible();
    await screenshots(page, 'map-home-bondi');

    await bondi.click();
    const panel = page.getByTestId('location-panel');
    await expect(panel.getByText('Permit Required', { exact: true })).toBeVisible();
    await expect(panel.getByText('Legal Wall', { exact: true })).toBeVisible();
  });

  test('a map link wins over the player and offers the way back', async ({ page }) => {
    await page.goto('/?lat=52.5436&lng=13.4033&zoom=16');
    await expect(page.getByRole('button', { name: /Mauerpark Hinterlandmauer/ })).toBeVisible();
    await page.getByRole('link', { name: 'Back to my location' }).click();
    await expect(page.getByTestId('map-centre')).toContainText('Your location');
    await expect(page.getByRole('button', { name: /Bondi Sea Wall/ })).toBeVisible();
  });

  test('Add Discovery without a photo saves at the player, says it earns nothing yet', async ({
    page,
    expectFailure,
  }) => {
    await page.goto('/');
    await expect(tokenCount(page)).toHaveText('0 tokens');
    const nearby = page.getByText(/\d+ discover(y|ies) nearby/);
    const before = Number((await nearby.textContent())!.match(/\d+/)![0]);

    // First a failure: the server error becomes SPEC's toast and nothing changes.
    expectFailure('/api/discoveries', 500);
    await page.route('**/api/discoveries', (route) =>
      route.fulfill({ status: 500, body: '{"message":"down"}' }),
    );
    await page.getByRole('button', { name: 'Capture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document Street Art' });
    await dialog.getByLabel('Name').fill('Rainbow lorikeet mural');
    // No photo chosen: the dialog says what that costs before anything is sent.
    await expect(
      dialog.getByText(/^No photo, no tokens\. Without a photo this discovery/),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Discovery' }).click();
    await expect(
      toasts(page).getByText('Failed to save discovery. Please try again.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Rainbow lorikeet mural');

    // Then a held success: 'Adding...' while pending, then the server's answer: saved, unpaid.
    await page.unroute('**/api/discoveries');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/discoveries', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('radio', { name: 'Hot Spot' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Add Discovery' }).click();
    await expect(dialog.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    release();
    await expect(toasts(page).getByText('Saved without a photo', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText(
        'It earns nothing yet: add a photo from My Discoveries to earn your tokens.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(toasts(page).getByText(/You earned/)).toHaveCount(0);
    await expect(dialog).toBeHidden();
    // On the map, but not paid and not counted.
    await expect(nearby).toHaveText(new RegExp(`^${before + 1} discover`));
    await expect(tokenCount(page)).toHaveText('0 tokens');
    await expect(page.getByText('Level 1 • 0 Discoveries')).toBeVisible();

    const mine = await (await page.request.get('/api/discoveries/user')).json();
    expect(mine[0]).toMatchObject({
      name: 'Rainbow lorikeet mural',
      emojiPin: 'hot_spot',
      userRole: 'photographer',
      latitude: BONDI.latitude,
      longitude: BONDI.longitude,
      tokensAwarded: 0,
    });

    // Reopened, the form is back to its defaults.
    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByRole('radio', { name: 'Location' })).toBeChecked();
  });
});

test.describe('asking for the location', () => {
  test.use({ geolocation: BONDI });

  test('tapping Allow Location uses the position and the card goes', async ({ page, context }) => {
    await page.goto('/');
    const allow = page.getByRole('button', { name: 'Allow Location' });
    await expect(allow).toBeVisible();
    await context.grantPermissions(['geolocation']);
    await allow.click();
    await expect(allow).toBeHidden();
    await expect(page.getByTestId('map-centre')).toContainText('Your location');
    await expect(page.getByRole('button', { name: /Bondi Sea Wall/ })).toBeVisible();
    await expect(page.getByText('Using Default Location', { exact: true })).toHaveCount(0);
  });

  test('the Capture dialog can ask for the location itself', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Capture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document Street Art' });
    await context.grantPermissions(['geolocation']);
    await dialog.getByRole('button', { name: 'Use my location' }).click();
    await expect(dialog.getByText('Pinned at your location: 33.8911°S 151.2772°E')).toBeVisible();
  });
});
