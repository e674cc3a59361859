import type { Page } from '@playwright/test';
import { expect, screenshots, test, toasts } from './fixtures.ts';
import {
  badge,
  capture,
  dialogOf,
  forgiveNetworkNoise,
  myDiscoveries,
  OUTBOX_SPOT,
} from './outbox-steps.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';

// The map home stays still (no pulsing dot to draw in software WebGL): its parts are the subject.
test.use({ geolocation: OUTBOX_SPOT, permissions: ['geolocation'], reducedMotion: 'reduce' });

const UPLOADER = /\/assets\/photo-uploader-[\w-]+\.(js|css)$/;

/** What a missing part logs: the failed fetches, and React's report of the error it caught. */
function forgiveMissingParts(consoleErrors: string[]) {
  forgiveOfflineLoadErrors(consoleErrors);
  const caught = /A part of the app did not load|error boundary you provided, LazyBoundary/;
  const rest = consoleErrors.filter((e) => !caught.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

const missing = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Not on this device yet' });

test.describe('the worker in charge from the second visit', () => {
  test.use({ serviceWorkers: 'allow' });

  test('Capture offline, never opened online: kept on the device, then sent once with its photo', async ({
    page,
    context,
    consoleErrors,
    player: _player,
  }) => {
    const uploader: boolean[] = [];
    page.on('response', (r) => {
      if (UPLOADER.test(r.url())) uploader.push(r.fromServiceWorker());
    });
    await underWorker(page);
    // The signal goes once the map is up, as on a player's second visit: the map's own worker
    // script is kept by the service worker when the map first asks for it (sw.ts).
    await expect(page.getByRole('button', { name: 'Map layers' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Capture' })).toBeVisible();
    expect(uploader, 'the uploader is not asked for before Capture opens').toEqual([]);

    await context.setOffline(true);
    // The network comes back only once the app has met it down: an item whose first attempt
    // finds it back goes at once, without the "waited" toast this test is about.
    const attemptFailed = page.waitForEvent('requestfailed', (r) =>
      r.url().endsWith('/api/objects/upload'),
    );
    await capture(page, 'First tap offline');
    // Its code and its styles, both from the worker's precache.
    expect(uploader).toEqual([true, true]);
    await expect(toasts(page).getByText('Saved on this device', { exact: true })).toBeVisible();
    await expect(badge(page)).toHaveText('1 waiting to send');
    await attemptFailed;
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);

    await context.setOffline(false);
    await expect(toasts(page).getByText('Sent from this device', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('1 item that waited for a connection has been sent.'),
    ).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    const mine = await myDiscoveries(page);
    expect(mine.map((d) => d.name)).toEqual(['First tap offline']);
    const photo = await page.request.get(mine[0]!.imageUrl!);
    expect(photo.headers()['content-type']).toMatch(/^image\//);
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);
  });

  test('offline, every dialog and panel of the map home opens the first time', async ({
    page,
    context,
    consoleErrors,
    player: _player,
  }) => {
    await underWorker(page);
    await expect(page.getByRole('button', { name: 'Map layers' })).toBeEnabled();
    await context.setOffline(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(dialogOf(page).locator('.uppy-Dashboard')).toBeVisible();
    await page.keyboard.press('Escape');

    const pinBar = page.getByRole('region', { name: 'Pin here' });
    for (const [choice, title] of [
      ['Graffiti photo', 'Upload Graffiti'],
      ['Legal wall', 'Propose a legal wall'],
    ]) {
      await page.getByRole('button', { name: 'Pin here' }).click();
      await pinBar.getByRole('button', { name: choice }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.locator('.uppy-Dashboard')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    await page.getByRole('button', { name: 'Map layers' }).click();
    await expect(page.getByRole('switch', { name: 'Missions' })).toBeVisible();
    await page.getByRole('button', { name: 'Save this area' }).click();
    await expect(page.getByRole('dialog', { name: 'Save this area' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The export's offline answer is its own: a file, or a toast saying why not.
    const file = page.waitForEvent('download').then(
      () => 'file',
      () => 'none',
    );
    await page.getByRole('button', { name: 'Export GPX' }).click();
    const told = toasts(page)
      .locator('li')
      .first()
      .waitFor()
      .then(
        () => 'toast',
        () => 'none',
      );
    expect(['file', 'toast']).toContain(await Promise.race([file, told]));
    await page.getByRole('button', { name: 'Advanced Controls' }).click();
    await expect(page.getByRole('button', { name: 'Close imaging controls' })).toBeVisible();
    await page.getByRole('button', { name: 'Close imaging controls' }).click();

    await expect(missing(page)).toHaveCount(0);
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);
  });
});

test('before the worker kept anything, a part the device lacks says so, and loads once connected', async ({
  page,
  context,
  consoleErrors,
  player: _player,
}) => {
  await page.goto('/');
  // Offline from here on the map draws what it has; it is not what this test is about.
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const name = page.getByRole('banner').getByTestId('player-name');
  await context.setOffline(true);

  // A dialog: the browser's own dialog says what is missing; closing it leaves the map home.
  await page.getByRole('button', { name: 'Capture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not on this device yet' });
  await expect(dialog).toContainText("This part of the app isn't on this device yet");
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(dialog).toBeVisible();
  await screenshots(page, 'missing-part-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(name).toBeVisible();

  // A panel: the card stands in its place, beside what works.
  await page.getByRole('button', { name: 'Map layers' }).click();
  await expect(missing(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Advanced Controls' })).toBeVisible();
  await screenshots(page, 'missing-part-panel');

  // Back online, what was missing loads by itself.
  await context.setOffline(false);
  await expect(page.getByRole('switch', { name: 'Missions' })).toBeVisible();
  await expect(missing(page)).toHaveCount(0);

  // The uploader's code and styles fail on the way: a retry brings both.
  await page.route(UPLOADER, (route) => route.abort());
  await page.getByRole('button', { name: 'Capture' }).click();
  const form = dialogOf(page);
  await expect(form.getByRole('alert')).toContainText("This part didn't load");
  await page.unroute(UPLOADER);
  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('.uppy-Dashboard-inner')).toHaveCSS('border-radius', '16px');
  await page.keyboard.press('Escape');

  // A screen: its place says what is missing, with the way home.
  const SUBSCRIBE = /\/assets\/subscribe-page-[\w-]+\.js$/;
  await page.route(SUBSCRIBE, (route) => route.abort());
  await page.getByTestId('vip-button').click();
  await expect(page.getByRole('alert')).toContainText("This part didn't load");
  await screenshots(page, 'missing-part-screen');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(name).toBeVisible();
  forgiveMissingParts(consoleErrors);
});
