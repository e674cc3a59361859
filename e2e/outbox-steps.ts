import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, type SignedInPlayer } from './fixtures.ts';
import { freshSeed, phonePhoto, pickPhoto } from './photo-files.ts';

/** The outbox specs' own spot, 1.5 km from the one other specs photograph: no match offers. */
export const OUTBOX_SPOT = { latitude: -27.4801, longitude: 153.035 };

/** SPEC reward rules: a photographer's new discovery pays 50 tokens. */
export const PHOTOGRAPHER_REWARD = 50;

/** Every request that makes something for a discovery with a photo. */
export const CREATES =
  /\/api\/(discoveries|objects\/upload|objects\/[^/]+\/complete|objects\/uploads\/)/;

/** A fetch that got no answer is logged by Chromium: expected here, where the network is cut. */
const NETWORK_NOISE = /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|ERR_NETWORK_CHANGED/;

export const badge = (page: Page) => page.getByTestId('outbox-badge');
export const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Document Street Art' });

/** Opens the map home with the capture form's code loaded, as a player who used it before. */
export async function openMapHome(page: Page) {
  await page.goto('/outbox');
  await expect(page.getByText('Everything is sent')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(dialogOf(page).locator('.uppy-Dashboard')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialogOf(page)).toBeHidden();
}

/** Documents a piece with a fresh photo through the capture dialog; resolves once it closed. */
export async function capture(page: Page, name: string, seed = freshSeed()) {
  await page.getByRole('button', { name: 'Capture' }).click();
  const dialog = dialogOf(page);
  await dialog.getByLabel('Name').fill(name);
  const photo = await phonePhoto(seed, `${name.replaceAll(' ', '-')}.jpg`, OUTBOX_SPOT);
  await pickPhoto(dialog, photo);
  await expect(dialog.getByText(photo.name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Discovery' }).click();
  await expect(dialog).toBeHidden();
}

/** A page, or its context once no page is open: either asks the server as the player. */
type Asker = { request: APIRequestContext };

/** The three pieces the outbox specs document. */
export const KOI = ['Koi one', 'Koi two', 'Koi three'];

/** With the network cut, documents the three Koi pieces: they wait in the outbox. */
export async function captureThreeOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  for (const name of KOI) await capture(page, name);
  await expect(badge(page)).toHaveText('3 waiting to send');
}

export async function player(page: Asker): Promise<{ tokens: number; discoveries: number }> {
  return (await page.request.get('/api/auth/user')).json();
}

export async function myDiscoveries(
  page: Asker,
): Promise<{ id: string; name: string; imageUrl: string | null; tokensAwarded: number }[]> {
  return (await page.request.get('/api/discoveries/user')).json();
}

/** Drops the network's own noise from the console errors the fixture checks. */
export function forgiveNetworkNoise(consoleErrors: string[]) {
  const rest = consoleErrors.filter((e) => !NETWORK_NOISE.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

/**
 * Every other create request is lost: half of those after the server did the work (the answer
 * never reaches the sender), half before it reached the server. At the context's level, the
 * route sees the page's requests and the service worker's alike. Resolves the number of
 * requests it saw.
 */
export async function dropEveryOther(context: BrowserContext): Promise<() => number> {
  let count = 0;
  await context.route(CREATES, async (route) => {
    count += 1;
    if (count % 2 === 1) return route.continue();
    if (count % 4 === 0) await route.fetch();
    return route.abort('connectionreset');
  });
  return () => count;
}

/** A PUT whose answer was lost is repeated on a spent link: refused with 403, then completed. */
export function allowSpentLinks(expectFailure: (url: RegExp, status: number) => void) {
  expectFailure(/\/api\/objects\/uploads\//, 403);
}

/**
 * Gives the page a clock the test moves (before the app loads): each request the network drops
 * makes the page's outbox wait up to a minute before it tries again (src/client/outbox/kinds.ts),
 * and expectThreeSentOnce moves past those waits rather than sitting through them.
 */
export async function skipRetryWaits(page: Page) {
  await page.clock.install();
}

/** The longest the outbox waits between two tries (kinds.ts): one jump ends any wait. */
const LONGEST_RETRY_WAIT_MS = 60_000;

/**
 * However many tries the bad network takes: the three pieces arrive once each and none wait.
 * Each look first ends the page's wait for its next try (skipRetryWaits).
 */
export async function expectThreeSentOnce(
  page: Page,
  me: SignedInPlayer,
  before: { tokens: number; discoveries: number },
) {
  const arrived = async () => {
    await page.clock.fastForward(LONGEST_RETRY_WAIT_MS);
    return (await myDiscoveries(page)).length;
  };
  await expect.poll(arrived, { timeout: 60_000, intervals: [250] }).toBe(3);
  await expect(badge(page)).toHaveCount(0);
  await expectExactlyThree(page, me, before);
}

/**
 * Exactly the three Koi pieces, each with its photo, and the player's tokens grew by exactly
 * what the server says it awarded for them: the SPEC's photographer reward each.
 */
export async function expectExactlyThree(
  page: Asker,
  me: SignedInPlayer,
  before: { tokens: number; discoveries: number },
) {
  const mine = await myDiscoveries(page);
  expect(mine.map((d) => d.name).sort(), me.username).toEqual(['Koi one', 'Koi three', 'Koi two']);
  expect(mine.every((d) => d.imageUrl !== null)).toBe(true);
  const awarded = mine.map((d) => d.tokensAwarded);
  expect(awarded).toEqual([PHOTOGRAPHER_REWARD, PHOTOGRAPHER_REWARD, PHOTOGRAPHER_REWARD]);
  const after = await player(page);
  expect(after.discoveries - before.discoveries).toBe(3);
  expect(after.tokens - before.tokens).toBe(awarded.reduce((sum, t) => sum + t, 0));
}
