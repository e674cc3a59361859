import type { BrowserContext } from '@playwright/test';
import { SYNC_TAG } from '../src/client/outbox/sync.ts';
import { expect, test } from './fixtures.ts';
import {
  allowSpentLinks,
  badge,
  captureThreeOffline,
  CREATES,
  dropEveryOther,
  expectExactlyThree,
  expectThreeSentOnce,
  forgiveNetworkNoise,
  KOI,
  myDiscoveries,
  openMapHome,
  OUTBOX_SPOT,
  player,
  skipRetryWaits,
} from './outbox-steps.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';

// The outbox with the service worker in charge, as an installed app runs it (the suite
// otherwise blocks workers).
test.use({
  serviceWorkers: 'allow',
  geolocation: OUTBOX_SPOT,
  // Chrome grants Background Sync by default; a context given a list of permissions has only those.
  permissions: ['geolocation', 'background-sync'],
  // The map home is where Capture is, not what these tests are about: no camera glides or
  // pulsing dot to draw in software WebGL while the outbox works.
  reducedMotion: 'reduce',
});

/**
 * Fires the outbox's Background Sync in the worker through the DevTools protocol, from a blank
 * tab of the same browser (no page of the app is open). Chromium fires it by itself when it
 * sees the network return; this makes the moment certain.
 */
async function dispatchOutboxSync(context: BrowserContext, origin: string) {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registration,
    tag: SYNC_TAG,
    lastChance: false,
  });
  await blank.close();
}

test.describe('the outbox under the service worker', () => {
  test('with no page open, Background Sync sends what waited: once each, the exact tokens', async ({
    page,
    context,
    consoleErrors,
    player: me,
    baseURL,
  }) => {
    test.slow();
    await underWorker(page, '/outbox');
    await openMapHome(page);
    const before = await player(page);
    const fromWorker: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker() && CREATES.test(request.url())) {
        fromWorker.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });

    await captureThreeOffline(page, context);
    const tags = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (registration as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags();
    });
    expect(tags).toEqual([SYNC_TAG]);
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);

    // The player puts the phone away: no page is left to send on `online` or on a timer.
    await page.close();
    await context.setOffline(false);
    await dispatchOutboxSync(context, baseURL!);

    await expect
      .poll(async () => (await myDiscoveries(context)).length, { timeout: 60_000 })
      .toBe(3);
    await expectExactlyThree(context, me, before);
    expect(fromWorker.filter((r) => r === 'POST /api/discoveries')).toHaveLength(3);

    const again = await context.newPage();
    await again.goto('/outbox');
    await expect(again.getByText('Everything is sent')).toBeVisible();
    await expect(badge(again)).toHaveCount(0);
    await again.goto('/');
    await expect(again.getByRole('banner').getByText(/• 3 Discoveries$/)).toBeVisible();
    await expect(badge(again)).toHaveCount(0);
    // The closed page's last offline requests can report after it went: forgiven once all is in.
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);
  });

  test('offline from the start: three captures survive a reload from the worker, then go once each on a network that drops every other request', async ({
    page,
    context,
    consoleErrors,
    expectFailure,
    player: me,
  }) => {
    test.slow();
    allowSpentLinks(expectFailure);
    await skipRetryWaits(page);
    await underWorker(page, '/outbox');
    await openMapHome(page);
    const before = await player(page);

    await captureThreeOffline(page, context);

    // The shell comes from the worker; the items from the device.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(badge(page)).toHaveText('3 waiting to send');
    await badge(page).click();
    await expect(page).toHaveURL(/\/outbox$/);
    for (const name of KOI) {
      const item = page.getByRole('listitem', { name: `Discovery: ${name}` });
      await expect(item.getByText('Waiting')).toBeVisible();
      await expect(item.locator('img')).toBeVisible();
    }
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);

    // Back online, on a network that loses every other request: still once each.
    const seen = await dropEveryOther(context);
    await context.setOffline(false);
    await expectThreeSentOnce(page, me, before);
    await expect(page.getByText('Everything is sent')).toBeVisible();
    // Three pieces with photos take at least 12 requests: half of the ones after the first lost.
    expect(seen()).toBeGreaterThanOrEqual(12);
    // Under the worker, a request the network dropped reaches the page as ERR_FAILED.
    forgiveNetworkNoise(consoleErrors);
    forgiveOfflineLoadErrors(consoleErrors);
  });
});
