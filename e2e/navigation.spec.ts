import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  PASSWORD,
  screenshots,
  signUp,
  test,
  SIGNED_IN,
} from './fixtures.ts';

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
}

/**
 * SPEC §2 side navigation drawer, in order; My Discoveries and NFT Collection open their own
 * screens (docs/decisions/018-deep-links-and-collection.md).
 */
const NAV = [
  ['Home', '/'],
  ['Profile', '/profile'],
  ['My Discoveries', '/discoveries'],
  ['Inbox', '/inbox'],
  ['Community', '/community'],
  ['Events & Missions', '/missions'],
  ['Quests Near You', '/quests'],
  ['Weekly Challenges', '/challenges'],
  ['Walking Tours', '/tours'],
  ['Color Chart', '/color-chart'],
  ['Featured Artists', '/artists'],
  ['NFT Collection', '/collection'],
] as const;

/** Every screen behind sign-in, besides the map home, with the title it shows. */
const SIGNED_IN_SCREENS = {
  '/profile': 'Profile',
  '/discoveries': 'My Discoveries',
  '/inbox': 'Inbox',
  '/collection': 'NFT Collection',
  '/community': 'Community',
  '/subscribe': 'StreetScope Pro',
  '/color-chart': 'Color Chart',
  '/artists': 'Featured Artists',
  '/missions': 'Missions & Walls',
  '/challenges': 'Challenges',
  '/tours': 'Walking tours',
};
const SIGNED_IN_PATHS = Object.keys(SIGNED_IN_SCREENS);

/**
 * An account that already exists (made through the API, its character created), signed out:
 * the browser holds no session.
 */
async function existingAccount(page: Page): Promise<string> {
  const { username } = await signUp(page);
  await page.request.get('/api/logout');
  return username;
}

async function signInOnForm(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

// Where these tests pass the map home, its camera lands at once and the player's dot stays still:
// what they check is where things end up, not how they move.
test.use({ reducedMotion: 'reduce' });

test.describe('side navigation drawer', () => {
  test(
    'lists every item with its target and highlights the current route',
    SIGNED_IN,
    async ({ page }) => {
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
    },
  );

  test(
    'the overlay, Escape and the close button close it; an item navigates',
    SIGNED_IN,
    async ({ page }) => {
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
    },
  );

  test('Sign Out in the drawer footer signs the player out', SIGNED_IN, async ({ page }) => {
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
  test('signed out: / is the landing page and every signed-in screen goes to sign-in and back', async ({
    page,
  }) => {
    // Nine sign-in pages in a row.
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

    for (const path of [...SIGNED_IN_PATHS, '/missions?q=tunnel']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/api/login?returnTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    }
  });

  test('signed out: unknown paths stay the not-found page, /onboarding is open', async ({
    page,
  }) => {
    for (const path of ['/nope', '/profile/extra']) {
      await page.goto(path);
      await expectNotFound(page);
    }
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });

  test('the sign-in wait is a real screen, and it waits 500 ms', async ({
    page,
    baseURL,
    expectFailure,
  }) => {
    // Steps the page's clock by hand, then an accessibility scan: give it room on a busy machine.
    test.slow();
    // A stale hint (its session gone) makes the app ask who is signed in, so holding that answer
    // below starts the wait under our control; the one 401 is how a stale hint ends.
    await page.context().addCookies([{ name: 'ss_signed_in', value: '1', url: baseURL }]);
    expectFailure(/\/api\/auth\/user$/, 401);
    // The sign-in page answers "no content" here, so the browser stays on the waiting screen.
    const asked: string[] = [];
    await page.route('**/api/login**', (route) => {
      asked.push(new URL(route.request().url()).search);
      return route.fulfill({ status: 204 });
    });
    // The auth check is held until the clock is paused, so the 500 ms start under our control.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.install();
    await page.goto('/collection');
    await page.clock.pauseAt(Date.now() + 60_000);
    release();
    // A millisecond at a time until the screen shows: its 500 ms start within the last two.
    const waiting = page.getByRole('status').filter({ hasText: 'Signing you in…' });
    await expect
      .poll(async () => {
        await page.clock.runFor(1);
        return waiting.isVisible();
      })
      .toBe(true);
    await expect(page.getByRole('link', { name: 'Sign in now' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fcollection',
    );
    await page.clock.runFor(400);
    expect(asked).toEqual([]);
    await page.clock.runFor(100);
    await expect.poll(() => asked).toEqual(['?returnTo=%2Fcollection']);
    await page.clock.resume();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'signing-in');
  });

  test('signed out, no page asks who is signed in; signing in and out sets and clears the hint', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const username = await existingAccount(page);
    const asked: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/auth/user') asked.push(res.status());
    });
    const hint = async () => (await context.cookies()).some((c) => c.name === 'ss_signed_in');
    expect(await hint()).toBe(false);

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
    await page.goto('/nope');
    await expectNotFound(page);
    await page.goto('/api/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL('/api/login?returnTo=%2Fprofile');
    expect(asked).toEqual([]);
    expect(consoleErrors).toEqual([]);

    await signInOnForm(page, username);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(username).first()).toBeVisible();
    expect(await hint()).toBe(true);
    expect(asked).toEqual([200]);
    // The profile's own reads have their answers before the session ends under them.
    await expect(page.getByLabel(/^Loading /)).toHaveCount(0);

    await page.goto('/api/logout');
    await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
    expect(await hint()).toBe(false);
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
    expect(asked).toEqual([200]);
  });

  test('signed out, /profile leads to sign-in and back to /profile after signing in', async ({
    page,
  }) => {
    const username = await existingAccount(page);
    await page.goto('/profile');
    await expect(page).toHaveURL('/api/login?returnTo=%2Fprofile');
    await signInOnForm(page, username);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(username).first()).toBeVisible();
  });

  test('a return path to another origin is refused: sign-in lands on our own /', async ({
    page,
    baseURL,
  }) => {
    const username = await existingAccount(page);
    for (const evil of ['https://evil.example', '//evil.example/profile', '/\\evil.example']) {
      await page.goto(`/api/login?returnTo=${encodeURIComponent(evil)}`);
      await signInOnForm(page, username);
      await expect(page).toHaveURL(`${baseURL}/`);
      // The page's own auth check has its answer before the session ends under it.
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      expect((await page.request.get('/api/auth/user')).status()).toBe(200);
      // Signing out as the player does (a navigation), so the open map is left, not refused.
      await page.goto('/api/logout');
    }
  });

  test('signed in: every route exists and / is the map', SIGNED_IN, async ({ page }) => {
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    for (const [path, title] of Object.entries(SIGNED_IN_SCREENS)) {
      await page.goto(path);
      // The screen's own title: its route matched and its code loaded.
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    }
  });

  test(
    'while the auth check loads, a skeleton shows rather than a 404',
    SIGNED_IN,
    async ({ page }) => {
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
    },
  );

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
