import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoSeriousAxeViolations, screenshots, test, toasts } from './fixtures.ts';
import { freshSeed, phonePhoto, pickPhoto } from './photo-files.ts';

// Every test here runs as a freshly signed-up player, on a map that stays still (no pulsing dot
// to draw in software WebGL): the photos are the subject.
test.use({ signedIn: true, reducedMotion: 'reduce' });

const tokenCount = (page: Page) => page.getByTestId('token-count');

async function openMap(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('map-loading')).toBeHidden();
}

/** Graffiti goes where the crosshair is: Pin here, then Graffiti photo. */
async function pinGraffitiHere(page: Page) {
  await page.getByRole('button', { name: 'Pin here' }).click();
  await page
    .getByRole('region', { name: 'Pin here' })
    .getByRole('button', { name: 'Graffiti photo' })
    .click();
}

/** A served photo: WebP, and nothing of the camera's EXIF (GPS, make, serial) left in it. */
async function expectCleanPhoto(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  const bytes = await res.body();
  expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  for (const leak of ['Exif', 'StreetCam', 'SN-48151623'])
    expect(bytes.toString('latin1')).not.toContain(leak);
}

test('a discovery with a phone photo: its location is offered, then the card shows it', async ({
  page,
  expectFailure,
}) => {
  // Two uploads (one slowed on purpose) and three loads of the map and profile.
  test.slow();
  // No location permission: the player has no spot, but the photo knows where it was taken.
  await page.goto('/');
  await expect(tokenCount(page)).toHaveText('0 tokens');
  await page.getByRole('button', { name: 'Capture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Document Street Art' });
  await dialog.getByLabel('Name').fill('Fish Lane koi');
  const photo = await phonePhoto(freshSeed(), 'koi.jpg');
  await pickPhoto(dialog, photo);
  await expect(dialog.getByText('koi.jpg')).toBeVisible();

  // Slow the bytes down a little so the pending labels can be seen.
  await page.route('**/api/objects/uploads/**', async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Add Discovery' }).click();
  await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(
    dialog.getByText('Your photo says it was taken at 27.4701°S 153.0250°E.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'capture-photo-location');
  await dialog.getByRole('button', { name: 'Pin it there' }).click();
  await expect(
    dialog.getByText('Pinned where the photo was taken: 27.4701°S 153.0250°E'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Discovery' }).click();
  await expect(toasts(page).getByText('You earned 50 tokens.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tokenCount(page)).toHaveText('50 tokens');

  const [mine] = await (await page.request.get('/api/discoveries/user')).json();
  expect(mine).toMatchObject({ name: 'Fish Lane koi', address: '-27.470094,153.025000' });
  await expectCleanPhoto(page, mine.imageUrl);

  // The card on the profile shows the photo.
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Recent Discoveries' }).getByRole('listitem');
  await expect(card.getByText('Fish Lane koi')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', mine.imageUrl);

  // The same photo documented again earns nothing.
  // The second upload of the same photo is refused when it is processed.
  expectFailure(/\/api\/objects\/[^/]+\/complete$/, 409);
  await page.goto('/');
  await page.getByRole('button', { name: 'Capture' }).click();
  await dialog.getByLabel('Name').fill('Koi again');
  await pickPhoto(dialog, photo);
  await dialog.getByRole('button', { name: 'Add Discovery' }).click();
  await expect(
    toasts(page).getByText('This photo has already been documented', { exact: true }),
  ).toBeVisible();
  await expect(tokenCount(page)).toHaveText('50 tokens');
});

test('graffiti pinned on the map: upload, then Complete Upload pays 150', async ({
  page,
  expectFailure,
}) => {
  await openMap(page, '?lat=-27.47&lng=153.03&zoom=15');
  await pinGraffitiHere(page);
  const dialog = page.getByRole('dialog', { name: 'Upload Graffiti' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.uppy-Dashboard-AddFiles-title')).toHaveText(
    'Drop your graffiti photo here or click to browse',
  );
  await expect(dialog.getByRole('button', { name: 'Ready to Upload' })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'graffiti-dialog');

  await dialog.getByLabel('Title').fill('  Stencil rat  ');
  await pickPhoto(dialog, await phonePhoto(freshSeed(), 'rat.jpg'));

  // A transfer that fails keeps the photo: Ready to Upload sends it again without re-picking.
  expectFailure('/api/objects/uploads/', 403);
  await page.route('**/api/objects/uploads/**', (route) =>
    route.fulfill({ status: 403, body: '{"message":"link refused"}' }),
  );
  await dialog.getByRole('button', { name: 'Ready to Upload' }).click();
  await expect(
    toasts(page).getByText('Failed to upload graffiti photo. Please try again.', { exact: true }),
  ).toBeVisible();
  await page.unroute('**/api/objects/uploads/**');
  await page.route('**/api/objects/uploads/**', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Ready to Upload' }).click();
  await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  // No way out while the photo is on its way.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel Upload' })).toBeDisabled();

  await expect(
    dialog.getByText('Upload successful! Click "Complete Upload" to continue.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete Upload' }).click();
  await expect(toasts(page).getByText('You earned 150 tokens.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tokenCount(page)).toHaveText('150 tokens');

  const [mine] = await (await page.request.get('/api/discoveries/user')).json();
  expect(mine).toMatchObject({ name: 'Stencil rat', kind: 'graffiti', artistName: 'Unknown' });
  await expectCleanPhoto(page, mine.imageUrl);
});

test('a file that is not a photo is refused with the reason, and nothing is pinned', async ({
  page,
  expectFailure,
}) => {
  await openMap(page, '?lat=-27.47&lng=153.03&zoom=15');
  await pinGraffitiHere(page);
  const dialog = page.getByRole('dialog', { name: 'Upload Graffiti' });
  expectFailure(/\/api\/objects\/[^/]+\/complete$/, 415);
  await dialog.getByLabel('Title').fill('Sneaky');
  await pickPhoto(dialog, {
    name: 'wall.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await dialog.getByRole('button', { name: 'Ready to Upload' }).click();
  await expect(
    toasts(page).getByText(
      'This file is not a photo. Only JPEG, PNG, WebP, GIF, AVIF or HEIC photos can be uploaded.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog.getByText('Upload successful!', { exact: false })).toHaveCount(0);
  expect(await (await page.request.get('/api/discoveries/user')).json()).toEqual([]);
});
