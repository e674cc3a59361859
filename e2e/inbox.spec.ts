import type { Page } from '@playwright/test';
import { VAPID_E2E } from '../playwright.config.ts';
import { phoneJpeg } from '../test/images.ts';
import { startPushEndpoint, type PushEndpoint } from '../test/push-endpoint.ts';
import { underWorker } from './pwa.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  toasts,
} from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';

/**
 * The inbox (/inbox), the news toasts and push: every reward is seen, also the ones others
 * cause, and pushed to the devices of a player who asked for it.
 */

/** Hobart's Salamanca Place: no other spec pins here. */
const SPOT = { latitude: -42.8867, longitude: 147.3318 };
const NEARBY = { latitude: SPOT.latitude + 0.0001, longitude: SPOT.longitude };
/** Another piece 300 m away: its own artwork, and no impossible travel for one finder. */
const OTHER_SPOT = { latitude: SPOT.latitude + 0.0027, longitude: SPOT.longitude };

/**
 * The push service the seeded server sends to (playwright.config.ts), run in this process:
 * headless Chromium's own push service cannot be pointed at it, so players' devices are
 * subscribed through the API with key pairs made here, as a browser would.
 */
let pushService: PushEndpoint;
test.beforeAll(async () => {
  pushService = await startPushEndpoint(VAPID_E2E.publicKey);
});
test.afterAll(() => pushService.close());

async function subscribeDevice(page: Page, name: string) {
  const device = pushService.device(name);
  const res = await page.request.post('/api/push/subscriptions', { data: device.subscription });
  expect(res.status(), await res.text()).toBe(201);
  return name;
}
const pushesTo = (device: string) => pushService.received.filter((r) => r.device === device);

async function documented(page: Page, name: string, at: typeof SPOT, artworkId?: string) {
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...at }));
  const res = await page.request.post('/api/discoveries', {
    data: { name, imageUrl, ...at, artworkId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { artworkId: string };
}

test('the first finder is told of their bonus when another player logs their piece', async ({
  page,
  player,
  browser,
}) => {
  const phone = await subscribeDevice(page, `phone-${player.id}`);
  // Consent, on the profile: one switch per kind of news, all off until the player turns one on.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  const pieceFound = section.getByRole('switch', { name: 'Someone finds your piece' });
  await expect(section.getByRole('switch')).toHaveCount(6);
  await expect(pieceFound).not.toBeChecked();
  // No service worker in this test's browser: it says so, and counts the device subscribed above.
  await expect(section.getByTestId('push-device')).toContainText(
    'This browser cannot receive push notifications here.',
  );
  await expect(section.getByTestId('push-device')).toContainText('Also on 1 other device.');
  await pieceFound.click();
  await expect(pieceFound).toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get('/api/push')).json()).topics)
    .toEqual(['piece_found']);
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-notifications');

  // Another player's device, subscribed but not opted in to anything.
  const otherPage = await (await browser.newContext()).newPage();
  await signUp(otherPage);
  const otherPhone = await subscribeDevice(otherPage, `other-${Date.now()}`);
  const { artworkId: otherPiece } = await documented(otherPage, 'Wharf gull', OTHER_SPOT);
  await otherPage.context().close();

  const { artworkId } = await documented(page, 'Salamanca seal', SPOT);
  // Not the map: this screen is about the inbox, not map rendering.
  await page.goto('/discoveries');
  await expect(page.getByRole('heading', { name: 'My Discoveries', level: 1 })).toBeVisible();

  const finderPage = await (await browser.newContext()).newPage();
  await signUp(finderPage);
  // The other player's piece first: its news is sent, if at all, before this one's.
  await documented(finderPage, 'Gull by the wharf', OTHER_SPOT, otherPiece);
  await documented(finderPage, 'Seal by the market', NEARBY, artworkId);
  await finderPage.context().close();

  // The push reached the local push service for this player's device, decrypted and signed.
  await expect.poll(() => pushesTo(phone).length).toBe(1);
  expect(pushesTo(phone)[0]!.payload).toEqual({
    id: expect.any(String),
    kind: 'piece_found',
    title: 'Your piece was found',
    body: `A player found Salamanca seal: +5 tokens, your first finder's bonus.`,
    url: `/art/${artworkId}`,
  });
  expect(pushService.rejected).toEqual([]);
  // Sent in the order told: had the other player's news been pushed, it would be here already.
  expect(pushesTo(otherPhone)).toEqual([]);

  // Back on a screen (or after the next minute's check), the news arrives once, and the header
  // counts it, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const news = toasts(page).getByText(`A player found Salamanca seal: +5 tokens`);
  await expect(news).toBeVisible();
  const badge = page.getByRole('banner').getByRole('link', { name: '2 unread in your inbox' });
  await expect(badge).toBeVisible();
  await screenshots(page, 'inbox-badge');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Your piece was found');
  await expect(rows.nth(0)).toContainText(
    `A player found Salamanca seal: +5 tokens, your first finder's bonus.`,
  );
  await expect(rows.nth(1)).toContainText('Find logged');
  await expect(rows.nth(1)).toContainText('Salamanca seal: +50 tokens.');
  await expect(rows.getByRole('img', { name: 'New' })).toHaveCount(2);
  await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/art/${artworkId}`);
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'inbox');

  // Opened, it is read: its marks stay until the page is left, and then are gone.
  await expect
    .poll(async () => (await (await page.request.get('/api/inbox/unread')).json()).unread)
    .toBe(0);
  await page.reload();
  await expect(rows.getByRole('img', { name: 'New' })).toHaveCount(0);
  await expect(rows).toHaveCount(2);
});

test.describe('push on this device', () => {
  test.use({ serviceWorkers: 'allow' });

  test('turned on and off by a tap; the service worker shows what arrives', async ({
    page,
    context,
    player,
  }) => {
    // Headless Chromium's push service is out of reach here: the browser's PushManager is
    // stood in for by one that hands out a subscription at the local push service.
    const device = pushService.device(`worker-${player.id}`);
    await context.grantPermissions(['notifications']);
    await page.addInitScript((sub) => {
      const KEY = 'e2e-push-stand-in';
      const make = (key: number[]) => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options) {
        const key = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)];
        localStorage.setItem(KEY, JSON.stringify(key));
        return make(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const key = localStorage.getItem(KEY);
        return key ? (make(JSON.parse(key) as number[]) as unknown as PushSubscription) : null;
      };
    }, device.subscription);
    await underWorker(page, '/profile');

    const section = page.getByRole('region', { name: 'Notifications', exact: true });
    const row = section.getByTestId('push-device');
    await expect(row).toContainText('Push is off for this device.');
    await row.scrollIntoViewIfNeeded();
    await screenshots(page, 'profile-push-off');
    await row.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(toasts(page).getByText('Push On', { exact: true })).toBeVisible();
    await expect(row).toContainText('Push is on for this device.');
    const devices = async () =>
      ((await (await page.request.get('/api/push')).json()) as { devices: { endpoint: string }[] })
        .devices;
    expect((await devices()).map((d) => d.endpoint)).toEqual([device.endpoint]);
    await expectNoSeriousAxeViolations(page);

    // A message as the push service delivers it: shown, tagged with its item, with its page.
    // Handed to the active worker through DevTools, again until it shows (a delivery while the
    // worker starts may be dropped; the tag keeps one notification however often it comes).
    const cdp = await context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const active = versions.find(
          (v) => v.status === 'activated' && v.scriptURL.startsWith(origin),
        );
        if (active) resolve(active.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const message = {
      id: 'item-1',
      kind: 'piece_found',
      title: 'Your piece was found',
      body: 'Kim found Salamanca seal: +5 tokens, your first finder’s bonus.',
      url: '/art/some-piece',
    };
    const data = JSON.stringify(message);
    const deliveredAndShown = async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: await registrationId,
        data,
      });
      return page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      );
    };
    await expect
      .poll(deliveredAndShown)
      .toEqual([
        { title: message.title, body: message.body, tag: 'item-1', url: '/art/some-piece' },
      ]);

    await row.getByRole('button', { name: 'Turn off' }).click();
    await expect(row).toContainText('Push is off for this device.');
    expect(await devices()).toEqual([]);
  });
});
