import type { WallDetail } from '../src/core/schemas/walls.ts';
import { expect, test, toasts } from './fixtures.ts';
import { badge, forgiveNetworkNoise } from './outbox-steps.ts';
import { freshSeed, phonePhoto, pickPhoto, uploadPhoto } from './photo-files.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';

/** A spot of this run's own, far from the seeded walls and other tests' art. */
const SPOT = {
  latitude: -34.6 - Math.random() * 0.05,
  longitude: 138.8 + Math.random() * 0.05,
};

// With the worker in charge, as an installed app: the outbox screen opens offline from it.
// The map stays still (no pulsing dot to draw in software WebGL): the outbox is the subject.
test.use({
  serviceWorkers: 'allow',
  geolocation: SPOT,
  permissions: ['geolocation'],
  reducedMotion: 'reduce',
});

test("a wall confirmation made offline keeps its photo, and is sent with it once we're back", async ({
  page,
  context,
  consoleErrors,
  player,
}) => {
  test.slow();
  // The player's own proposal: a wall they may confirm.
  const imageUrl = await uploadPhoto(page, (await phonePhoto(freshSeed(), undefined, SPOT)).buffer);
  const proposed = await page.request.post('/api/legal-walls', {
    data: {
      name: 'Community hall back wall',
      imageUrl,
      description: 'Free wall behind the community hall, open to everyone.',
      permitRequired: false,
      hours: 'Daylight hours',
      city: 'Adelaide',
      country: 'Australia',
      address: 'Behind the community hall',
      ...SPOT,
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const wall = (await proposed.json()) as WallDetail;

  await underWorker(page, `/?lat=${SPOT.latitude}&lng=${SPOT.longitude}&zoom=17`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.locator(`li [data-wall-id="${wall.id}"]`).click();
  const panel = page.getByTestId('location-panel');
  await panel.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm ${wall.name}` });
  // The uploader is loaded while online, as for a player who opened the form with signal.
  await expect(dialog.locator('.uppy-Dashboard')).toBeVisible();

  await context.setOffline(true);
  const photo = await phonePhoto(freshSeed(), 'fresh-piece.jpg', SPOT);
  await pickPhoto(dialog, photo);
  await expect(dialog.getByText(photo.name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toasts(page).getByText('Saved on this device', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(badge(page)).toHaveText('1 waiting to send');

  await badge(page).click();
  const item = page.getByRole('listitem', { name: /^Wall confirmation: Painted here on / });
  await expect(item.getByText('Waiting')).toBeVisible();
  await expect(item.locator('img')).toBeVisible();
  forgiveNetworkNoise(consoleErrors);
  forgiveOfflineLoadErrors(consoleErrors);

  await context.setOffline(false);
  await expect(page.getByText('Everything is sent')).toBeVisible();
  const after = (await (
    await page.request.get(`/api/legal-walls/${wall.id}`)
  ).json()) as WallDetail;
  expect(after.recentConfirmations).toEqual([
    expect.objectContaining({ username: player.username, imageUrl: expect.any(String) }),
  ]);
  const kept = await page.request.get(after.recentConfirmations[0]!.imageUrl!);
  expect(kept.status()).toBe(200);
  expect(kept.headers()['content-type']).toMatch(/^image\//);
  forgiveNetworkNoise(consoleErrors);
  forgiveOfflineLoadErrors(consoleErrors);
});
