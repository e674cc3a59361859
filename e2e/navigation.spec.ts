import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, screenshots, signUp, test } from './fixtures.ts';

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
}

/** SPEC §2 side navigation drawer, in order. */
const NAV = [
  ['Home', '/'],
  ['Profile', '/profile'],
  ['My Discoveries', '/profile'],
  ['Community', '/community'],
  ['Events & Missions', '/missions'],
  ['Color Chart', '/color-chart'],
  ['Featured Artists', '/artists'],
  ['NFT Collection', '/profile'],
] as const;

test.describe('side navigation drawer', () => {
  test('lists every item with its target and highlights the current route', async ({
    page,
    player,
  }) => {
    expect(player.id).toBeTruthy();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'StreetScope' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAccessibleDescription('Street Art Geocaching Game');

    const links = drawer.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveText(NAV.map(([label]) => label));
    for (const [i, [, href]] of NAV.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', href);
    }
    await expect(drawer.locator('[aria-current="page"]')).toHaveText('Home');

    // Width is 80 units (20rem = 320 px).
    expect((await drawer.boundingBox())!.width).toBe(320);
    await expect(drawer.getByRole('link', { name: 'Sign Out' })).toHaveAttribute(
      'href',
      '/api/logout',
    );
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'side-nav');
  });

  test('the overlay, Escape and the close button close it; an item navigates', async ({
    page,
    player,
  }) => {
    expect(player.id).toBeTruthy();
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'StreetScope' });

    await menu.click();
    await expect(drawer).toBeVisible();
    // A click on the overlay, right of the 320 px drawer.
    await page.mouse.click(900, 400);
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    await menu.click();
    await drawer.getByRole('link', { name: 'Events & Missions' }).click();
    await expect(page).toHaveURL(/\/missions$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });

  test('Sign Out in the drawer footer signs the player out', async ({ page, player }) => {
    expect(player.id).toBeTruthy();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

test.describe('auth gate', () => {
  test('signed out: / is the landing page, signed-in routes are not found', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

    for (const path of ['/profile', '/missions', '/community', '/subscribe']) {
      await page.goto(path);
      await expectNotFound(page);
    }
    await page.goto('/onboarding');
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });

  test('signed in: every route exists and / is the map', async ({ page, player }) => {
    expect(player.id).toBeTruthy();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    for (const path of [
      '/profile',
      '/community',
      '/subscribe',
      '/color-chart',
      '/artists',
      '/missions',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    }
  });

  test('while the auth check loads, a skeleton shows rather than a 404', async ({
    page,
    player,
  }) => {
    expect(player.id).toBeTruthy();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    release();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await signUp(page);
    await page.goto('/nope');
    await expectNotFound(page);
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });
});
