import type { Page } from '@playwright/test';
import { phoneJpeg } from '../test/images.ts';
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

/** The inbox (/inbox) and the news toasts: every reward is seen, also the ones others cause. */

/** Hobart's Salamanca Place: no other spec pins here. */
const SPOT = { latitude: -42.8867, longitude: 147.3318 };
const NEARBY = { latitude: SPOT.latitude + 0.0001, longitude: SPOT.longitude };

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
  const { artworkId } = await documented(page, 'Salamanca seal', SPOT);
  // Not the map: this screen is about the inbox, not map rendering.
  await page.goto('/discoveries');
  await expect(page.getByRole('heading', { name: 'My Discoveries', level: 1 })).toBeVisible();
  expect(player.id).toBeTruthy();

  const finderPage = await (await browser.newContext()).newPage();
  const finder = await signUp(finderPage);
  await documented(finderPage, 'Seal by the market', NEARBY, artworkId);
  await finderPage.context().close();

  // Back on a screen (or after the next minute's check), the news arrives once.
  await page.reload();
  const news = toasts(page).getByText(`${finder.username} found Salamanca seal: +5 tokens`);
  await expect(news).toBeVisible();

  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Your piece was found');
  await expect(rows.nth(0)).toContainText(
    `${finder.username} found Salamanca seal: +5 tokens, your first finder's bonus.`,
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
