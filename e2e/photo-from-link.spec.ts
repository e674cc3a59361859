import { phoneJpeg } from '../test/images.ts';
import { startPhotoHost, type PhotoHost } from '../test/photo-host.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed } from './photo-files.ts';

/**
 * A photo taken with another device and already online: the player pastes its link in the
 * photo field, the server fetches it and checks it like an upload. The image host is a server
 * of this test on this machine, which the seeded server may reach (PHOTO_IMPORT_TEST_ORIGINS).
 */

/**
 * Up Fish Lane from where photos.spec.ts pins its fresh piece, beyond "is this the same piece?"
 * reach: the two specs share the seeded server in either order.
 */
const LINK_SPOT = { latitude: -27.467, longitude: 153.025 };

let host: PhotoHost;
test.beforeAll(async () => {
  host = await startPhotoHost();
});
test.afterAll(() => host.close());

test(
  'a discovery saved without a photo is paid with a photo from a link',
  SIGNED_IN,
  async ({ page, expectFailure }) => {
    host.file('/koi.jpg', await phoneJpeg({ seed: freshSeed(), ...LINK_SPOT }), 'image/jpeg');
    const saved = await page.request.post('/api/discoveries', {
      data: { name: 'Koi on Fish Lane', ...LINK_SPOT },
    });
    expect(saved.status()).toBe(201);

    await page.goto('/discoveries');
    await page.getByRole('button', { name: 'Add photo to earn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a photo' });
    await dialog.getByRole('button', { name: 'Add a photo from a link' }).click();
    const link = dialog.getByLabel('Photo link');
    await expect(link).toBeFocused();

    // A link to a private address (here a cloud's metadata service) is refused, and the player
    // is told why.
    expectFailure('/api/objects/import', 400);
    await link.fill('http://169.254.169.254/latest/meta-data/');
    await link.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(
      'That link leads to a private or local address, which cannot be imported.',
    );
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'photo-from-link-refused');

    await link.fill(`${host.origin}/koi.jpg`);
    await dialog.getByRole('button', { name: 'Add from link' }).click();
    await expect(dialog.getByRole('img', { name: 'Your uploaded photo' })).toBeVisible();
    await expect(dialog.getByLabel('Photo link')).toHaveCount(0);
    expect(host.hits).toEqual(['/koi.jpg']);
    await screenshots(page, 'photo-from-link-fetched');

    await dialog.getByRole('button', { name: 'Add photo', exact: true }).click();
    await expect(toasts(page).getByText('Photo added', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('You earned 50 tokens.', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const [mine] = await (await page.request.get('/api/discoveries/user')).json();
    expect(mine.imageUrl).toMatch(/^\/objects\//);
  },
);
