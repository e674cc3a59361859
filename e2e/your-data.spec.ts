import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  PASSWORD,
  screenshots,
  signUp,
  test,
  toasts,
  uniqueName,
} from './fixtures.ts';
import { freshSeed, phonePhoto, PHOTO_SPOT, uploadPhoto } from './photo-files.ts';

test('a player downloads their data, then deletes the account; their photo and name go', async ({
  page,
  player,
  expectFailure,
}) => {
  // A discovery with a photo and a forum post, made as the app's own screens would.
  const photoUrl = await uploadPhoto(page, (await phonePhoto(freshSeed())).buffer);
  const discovery = await page.request.post('/api/discoveries', {
    data: { name: 'Koi on the stairs', ...PHOTO_SPOT, imageUrl: photoUrl },
  });
  expect(discovery.status()).toBe(201);
  const title = `Who painted the koi? ${uniqueName('q')}`;
  const post = await page.request.post('/api/community/forum', {
    data: { title, content: 'Found it on the stairs by the river.' },
  });
  expect(post.status()).toBe(201);

  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toContainText('Every photo you uploaded is in the photos folder');
  await expect(yourData).toContainText('Kept, shown as by “deleted player”');
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await yourData.scrollIntoViewIfNeeded();
  await screenshots(page, 'your-data');

  // The download: a zip named for the player and the day, with the JSON and the photo.
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;
  const day = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`streetscope-${player.username}-${day}.zip`);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const photoId = photoUrl.split('/').pop()!;
  expect(Object.keys(files).sort()).toEqual([`photos/${photoId}.webp`, 'streetscope-data.json']);
  const data = JSON.parse(new TextDecoder().decode(files['streetscope-data.json']));
  expect(data.account.username).toBe(player.username);
  expect(data.discoveries[0].name).toBe('Koi on the stairs');
  expect(data.forumPosts[0].title).toBe(title);

  // Deleting: the username must be typed; a wrong password is refused and changes nothing.
  await yourData.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
  await dialog.getByLabel('Password').fill('not my password');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your username/).fill(player.username);
  await expect(dialog).not.toContainText('Pro subscription');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'your-data-delete-dialog');
  expectFailure(/\/api\/profile$/, 403);
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Incorrect password. Your account has not been deleted.',
  );
  await expect(page).toHaveURL(/\/profile$/);

  await dialog.getByLabel('Password').fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page)).toContainText('Account Deleted');
  await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  await screenshots(page, 'your-data-deleted');

  // The photo is no longer served; the post stays, by "deleted player".
  expectFailure(photoUrl, 404);
  expect((await page.request.get(photoUrl)).status()).toBe(404);
  expect((await page.request.get(`${photoUrl}/thumbnail`)).status()).toBe(404);
  await signUp(page);
  await page.goto('/community');
  // The phone size expectNoSidewaysScroll left: the page shows one tab at a time.
  await page.getByRole('tab', { name: 'Forum' }).click();
  const kept = page.getByRole('list', { name: 'Posts' }).locator(':scope > li').filter({
    hasText: title,
  });
  await expect(kept).toContainText('deleted player');
  await expect(kept).not.toContainText(player.username);
});
