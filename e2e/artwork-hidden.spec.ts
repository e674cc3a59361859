import type { Page } from '@playwright/test';
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
import { freshSeed, uploadPhoto } from './photo-files.ts';

/**
 * A report that hides an artwork (docs/decisions/026): the reporter is told it is hidden until
 * a moderator reviews it, not that its link is broken. The server runs with
 * ESTABLISHED_MIN_DAYS=0, so three documented finds make a player established.
 */

/** A suburb of this run's own in Adelaide, so no other test's art is near. */
const SPOT = {
  latitude: -34.95 - Math.random() * 0.05,
  longitude: 138.6 + Math.random() * 0.05,
};
const north = (metres: number) => ({
  latitude: SPOT.latitude + metres / 111_195,
  longitude: SPOT.longitude,
});

/** Three documented finds, photos taken where they are pinned: an established player. */
async function establish(page: Page) {
  for (let i = 0; i < 3; i++) {
    const at = north(300 + i * 40);
    const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...at }));
    const res = await page.request.post('/api/discoveries', {
      data: { name: `Throw-up ${i + 1}`, imageUrl, ...at },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test(
  'the player whose report hides an artwork is told it waits for a moderator',
  SIGNED_IN,
  async ({ page, browser, expectFailure }) => {
    test.slow();
    await establish(page);
    // A piece another player pinned, which an established player reported first.
    const others = await (await browser.newContext()).newPage();
    await signUp(others);
    const pinned = await others.request.post('/api/discoveries', {
      data: { name: 'Advert on a wall', ...SPOT },
    });
    const { artworkId: id } = await pinned.json();
    await others.context().close();
    const first = await (await browser.newContext()).newPage();
    await signUp(first);
    await establish(first);
    const reported = await first.request.post('/api/reports', {
      data: { targetType: 'artwork', targetId: id, reason: 'spam' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    await first.context().close();

    await page.goto(`/art/${id}`);
    await page
      .getByRole('button', { name: 'More actions for the artwork Advert on a wall' })
      .click();
    await page.getByRole('menuitem', { name: 'Report artwork' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this artwork' });
    await dialog.getByText('Spam or advertising').click();
    // The page asks for the piece again once it is hidden: the server's 404 is the expected one.
    expectFailure(`/api/artworks/${id}`, 404);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(toasts(page)).toContainText('Thanks — it is hidden until a moderator reviews it.');

    await expect(page.getByText('Hidden after your report')).toBeVisible();
    await expect(
      page.getByText('You reported this piece and it is hidden until a moderator reviews it.'),
    ).toBeVisible();
    await expect(page.getByText(/its link is broken/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Hidden after your report')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'artwork-hidden-after-report');
  },
);
