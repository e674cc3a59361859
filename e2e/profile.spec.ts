import type { Page } from '@playwright/test';
import { makePng, phoneJpeg } from '../test/images.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, phonePhoto, pickPhoto, uploadPhoto } from './photo-files.ts';

const monthYear = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(date);

const stat = (page: Page, label: string) =>
  page.getByRole('term').filter({ hasText: label }).locator('xpath=..').getByRole('definition');

const achievement = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Achievements' })
    .getByRole('listitem')
    .filter({ hasText: name });

/** Drops any console line for a server error the test caused on purpose. */
test('a new player sees their name, join month, stats and empty lists', async ({
  page,
  player,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(player.username, { exact: true })).toBeVisible();
  await expect(page.getByText(`Joined ${monthYear(new Date())}`)).toBeVisible();
  await expect(stat(page, 'Discoveries')).toHaveText('0');
  await expect(stat(page, 'First finds')).toHaveText('0');
  await expect(stat(page, 'Level')).toHaveText('1');
  await expect(stat(page, 'Tokens')).toHaveText('0');
  await expect(page.getByText('No discoveries yet')).toBeVisible();
  await expect(page.getByText('Your gallery is empty')).toBeVisible();
  for (const name of ['First Discovery', 'Pin Dropper', 'Social Explorer']) {
    await expect(achievement(page, name)).toContainText('Locked');
  }
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'profile-empty');
});

test(
  'recent discoveries list the five newest with +15 XP; achievements light up',
  SIGNED_IN,
  async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByText('No discoveries yet')).toBeVisible();

    // Five documented with a photo taken there; the sixth, the newest, without one.
    for (let i = 1; i <= 6; i++) {
      const spot = { latitude: -28, longitude: 153 + i / 1000 };
      const imageUrl =
        i === 6
          ? undefined
          : await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...spot }));
      const res = await page.request.post('/api/discoveries', {
        data: {
          name: `Wall piece ${i}`,
          imageUrl,
          ...spot,
          emojiPin: i === 6 ? 'flag' : 'location',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.reload();
    const list = page.getByRole('region', { name: 'Recent Discoveries' }).getByRole('listitem');
    await expect(list).toHaveCount(5);
    await expect(list.first()).toContainText('Wall piece 6');
    await expect(list.last()).toContainText('Wall piece 2');
    // Without a photo a row shows its pin, drawn; with one, the photo.
    await expect(list.first().getByRole('img', { name: 'Pin: Flag' })).toBeVisible();
    await expect(list.last().locator('img[src^="/objects/"]')).toBeVisible();
    await expect(list.last().getByRole('img', { name: 'Pin: Location' })).toHaveCount(0);
    await expect(page.getByText('Wall piece 1', { exact: true })).toHaveCount(0);
    for (const row of await list.all()) await expect(row).toContainText('+15 XP');
    // Only the five with a photo count and pay.
    await expect(stat(page, 'Discoveries')).toHaveText('5');
    await expect(stat(page, 'First finds')).toHaveText('5');
    await expect(stat(page, 'Tokens')).toHaveText('250');

    await expect(achievement(page, 'First Discovery')).toContainText('Unlocked');
    await expect(achievement(page, 'Pin Dropper')).toContainText('Locked');

    expect(
      (
        await page.request.post('/api/markers', { data: { latitude: -28, longitude: 153 } })
      ).status(),
    ).toBe(201);
    expect(
      (
        await page.request.post('/api/community/forum', {
          data: { content: 'First time on the forum, hello walls!' },
        })
      ).status(),
    ).toBe(201);
    await page.reload();
    for (const name of ['First Discovery', 'Pin Dropper', 'Social Explorer']) {
      await expect(achievement(page, name)).toContainText('Unlocked');
    }
    await screenshots(page, 'profile');
  },
);

test('uploading a profile picture shows it as the avatar', async ({ page, player }) => {
  await page.goto('/profile');
  await expect(page.getByText(player.username, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save Picture' });
  await expect(save).toBeDisabled();

  // Over 5 MB is refused on the spot, before anything is sent.
  await pickPhoto(dialog, {
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([makePng(), Buffer.alloc(5_242_881)]),
  });
  // Said once (Uppy's Dashboard draws its informer twice; the second is hidden).
  const tooBig = dialog
    .getByRole('alert')
    .filter({ hasText: /exceeds maximum allowed size of 5 MB/ });
  await expect(tooBig).toHaveCount(1);
  await expect(tooBig).toBeVisible();
  await expect(save).toBeDisabled();

  await pickPhoto(dialog, await phonePhoto(freshSeed(), 'me.jpg'));
  await expect(dialog.getByText('me.jpg')).toBeVisible();
  await expect(save).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'profile-picture-dialog');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByAltText('Your profile picture')).toHaveAttribute(
    'src',
    /^\/objects\/[A-Za-z0-9_-]+$/,
  );
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me.profileImageUrl).toMatch(/^\/objects\//);
  await page.reload();
  await expect(page.getByAltText('Your profile picture')).toHaveAttribute(
    'src',
    me.profileImageUrl,
  );
});

test('a failed picture upload or update says which step failed, and retries without re-picking', async ({
  page,
  player,
  expectFailure,
}) => {
  await page.goto('/profile');
  await expect(page.getByText(player.username, { exact: true })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });

  expectFailure('/api/objects/uploads/', 403);
  expectFailure('/api/profile/picture', 500);
  await page.route('**/api/objects/uploads/**', (route) =>
    route.fulfill({ status: 403, body: '{"message":"boom"}' }),
  );
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await pickPhoto(dialog, await phonePhoto(freshSeed()));
  await dialog.getByRole('button', { name: 'Save Picture' }).click();
  await expect(toasts(page).getByText('Upload Failed', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Failed to upload profile picture. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();

  // The same photo goes again (no re-picking); this time the profile update fails.
  await page.unroute('**/api/objects/uploads/**');
  await page.route('**/api/profile/picture', (route) =>
    route.fulfill({ status: 500, body: '{"message":"boom"}' }),
  );
  await dialog.getByRole('button', { name: 'Save Picture' }).click();
  await expect(
    toasts(page).getByText('Failed to update profile picture', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByAltText('Your uploaded photo')).toBeVisible();

  // And once more: the processed photo is kept, only the update is sent.
  await page.unroute('**/api/profile/picture');
  await dialog.getByRole('button', { name: 'Save Picture' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByAltText('Your profile picture')).toHaveAttribute('src', /^\/objects\//);
});

test('adding art needs a title, then the piece shows in the gallery', async ({ page, player }) => {
  await page.goto('/profile');
  await expect(page.getByText(player.username, { exact: true })).toBeVisible();
  const dialog = await openAddArt(page);
  await pickPhoto(dialog, await phonePhoto(freshSeed(), 'koi.jpg'));
  await dialog.getByRole('button', { name: 'Add to Gallery' }).click();
  await expect(toasts(page).getByText('Title Required', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Please enter a title.', { exact: true })).toBeVisible();

  await dialog.getByLabel('Title').fill('  Neon Koi  ');
  await dialog.getByLabel('Description').fill('  Koi on a roller door, Fortitude Valley.  ');
  await dialog.getByRole('combobox', { name: 'Art type' }).click();
  await page.getByRole('option', { name: 'Digital' }).click();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'profile-add-art');
  await dialog.getByRole('button', { name: 'Add to Gallery' }).click();
  await expect(dialog).toBeHidden();

  const tile = page.getByRole('list', { name: 'Artworks' }).getByRole('listitem');
  await expect(tile).toHaveCount(1);
  await expect(tile.getByRole('heading', { name: 'Neon Koi', exact: true })).toBeVisible();
  await expect(tile).toContainText('Koi on a roller door, Fortitude Valley.');
  await expect(tile).toContainText('Digital');
  await expect(tile).toContainText('0 views');
  await expect(tile.getByRole('img', { name: 'Neon Koi' })).toHaveAttribute('src', /^\/objects\//);

  const [art] = await (await page.request.get('/api/profile/art')).json();
  expect(art).toMatchObject({
    title: 'Neon Koi',
    description: 'Koi on a roller door, Fortitude Valley.',
    artType: 'digital',
    views: 0,
  });
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'profile-gallery');
});

test('adding art after the session ended says so and goes to login after 500 ms', async ({
  page,
  player,
  expectFailure,
}) => {
  expectFailure('/api/objects/upload', 401);
  // The inbox's news check may come first and hear the same.
  expectFailure('/api/inbox/unread', 401);
  await page.clock.install();
  await page.goto('/profile');
  await expect(page.getByText(player.username, { exact: true })).toBeVisible();
  const dialog = await openAddArt(page);
  await pickPhoto(dialog, await phonePhoto(freshSeed()));
  await dialog.getByLabel('Title').fill('Too late');

  await page.request.get('/api/logout');
  await page.clock.pauseAt(Date.now() + 60_000);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/objects/upload'));
  await dialog.getByRole('button', { name: 'Add to Gallery' }).click();
  expect((await refused).status()).toBe(401);
  await expect(toasts(page).getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('You are logged out. Logging in again...', { exact: true }),
  ).toBeVisible();
  await page.clock.runFor(400);
  expect(new URL(page.url()).pathname).toBe('/profile');
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/api\/login/);
});

/**
 * Opens Add Art once the profile's sections have their answers: a section above the gallery that
 * grows under the pointer between press and release turns the click into a press on nothing.
 */
async function openAddArt(page: Page) {
  await expect(page.getByLabel(/^Loading /)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Art' }).click();
  return page.getByRole('dialog', { name: 'Add Art' });
}
