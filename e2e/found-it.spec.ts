import type { Browser, Page } from '@playwright/test';
import { phoneJpeg } from '../test/images.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, phonePhoto, pickPhoto, uploadPhoto } from './photo-files.ts';

/**
 * 'Found it' on an artwork page (docs/decisions/022): a photo, then Log it, and the find is
 * the player's find of that artwork, paid and shown as the capture's Log it is.
 */

/** A street of this run's own in Perth, so no other test's art is near. */
const SPOT = {
  latitude: -31.95 - Math.random() * 0.05,
  longitude: 115.86 + Math.random() * 0.05,
};
/** About ten metres north: where the finder stands and takes the photo. */
const NEARBY = { latitude: SPOT.latitude + 0.0001, longitude: SPOT.longitude };

test.use({ geolocation: NEARBY, permissions: ['geolocation'] });

/** Another player, in a browser of their own, pins a piece with their photo; its page's id. */
async function pinnedByAnother(browser: Browser, name: string, at = SPOT): Promise<string> {
  const other = await (await browser.newContext()).newPage();
  await signUp(other);
  const imageUrl = await uploadPhoto(other, await phoneJpeg({ seed: freshSeed(), ...at }));
  const res = await other.request.post('/api/discoveries/graffiti', {
    data: { name, artistName: 'Salt Crew', imageUrl, ...at },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { artworkId } = await res.json();
  await other.context().close();
  return artworkId as string;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('Found it logs a find of the artwork from its page: photo, Log it, and the page shows it', async ({
  page,
  player,
  browser,
}) => {
  const id = await pinnedByAnother(browser, 'Harbour whale');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/art/${id}`);
  await expect(page.getByRole('heading', { name: 'Harbour whale' })).toBeVisible();
  await expect(section(page, 'Found by').getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Found it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Found Harbour whale?' });
  const logIt = dialog.getByRole('button', { name: 'Log it' });
  // The photo is the evidence a find pays for: no photo, no log.
  await expect(logIt).toBeDisabled();
  await expect(dialog.getByText('Add your photo of it to log it.')).toBeVisible();
  await expect(dialog.getByText(/^Pinned at your location/)).toBeVisible();
  await pickPhoto(dialog, await phonePhoto(freshSeed(), 'whale.jpg', NEARBY));
  await expect(logIt).toBeEnabled();
  await dialog.getByLabel('Your note (optional)').fill('  A paste-up of a gull beside it now.  ');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'found-it');
  await page.setViewportSize({ width: 390, height: 844 });

  await logIt.click();
  await expect(toasts(page).getByText('Find Logged!', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('You earned 20 tokens.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The page shows the find: the player among its finders, first in its log, their photo newest.
  const finders = section(page, 'Found by').getByRole('listitem');
  await expect(finders).toHaveCount(2);
  await expect(finders.nth(1)).toContainText(`${player.username}(You)`);
  // With the player's note, as they wrote it.
  const newest = section(page, 'Log history').getByRole('listitem').first();
  await expect(newest).toContainText(`${player.username} found it`);
  await expect(
    newest.getByText('A paste-up of a gull beside it now.', { exact: true }),
  ).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Photos, newest first' }).getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.first()).toContainText(`by ${player.username}`);
  await screenshots(page, 'found-it-logged');

  // A find of that artwork, as My Discoveries and the tokens count it.
  const [mine] = await (await page.request.get('/api/discoveries/user')).json();
  expect(mine).toMatchObject({ artworkId: id, name: 'Harbour whale' });
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me.tokens).toBe(20);
});

test.describe('without the device location', () => {
  test.use({ permissions: [] });

  test(
    'Found it says location is off and offers where the photo was taken',
    SIGNED_IN,
    async ({ page, browser }) => {
      const at = { latitude: SPOT.latitude - 0.003, longitude: SPOT.longitude };
      const id = await pinnedByAnother(browser, 'Quay octopus', at);
      await page.goto(`/art/${id}`);
      await page.getByRole('button', { name: 'Found it' }).click();
      const dialog = page.getByRole('dialog', { name: 'Found Quay octopus?' });
      await expect(dialog.getByText('Your location is needed to pin this.')).toBeVisible();
      // Denied: the map's fallback is never sent as where the player stands.
      await dialog.getByRole('button', { name: 'Use my location' }).click();
      await expect(dialog.getByText(/^Location access is off/)).toBeVisible();

      // The photo knows where it was taken: offered, not assumed.
      await pickPhoto(dialog, await phonePhoto(freshSeed(), 'octopus.jpg', at));
      await dialog.getByRole('button', { name: 'Log it' }).click();
      await expect(dialog.getByText(/^Your photo says it was taken at/)).toBeVisible();
      expect(await (await page.request.get('/api/discoveries/user')).json()).toEqual([]);
      await expect(dialog.getByRole('button', { name: 'Log it' })).toBeDisabled();
      await screenshots(page, 'found-it-photo-location');
      await dialog.getByRole('button', { name: 'Pin it there' }).click();
      await expect(dialog.getByText(/^Pinned where the photo was taken/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Log it' }).click();
      await expect(toasts(page).getByText('You earned 20 tokens.', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(section(page, 'Found by').getByRole('listitem')).toHaveCount(2);
    },
  );
});
