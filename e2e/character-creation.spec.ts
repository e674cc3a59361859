import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  SIGNED_IN,
} from './fixtures.ts';

/** SPEC §2 Character creation screen; it replaces the router on a new account's first visit. */

test('a new player creates their artist and enters StreetScope after 1.5 seconds', async ({
  page,
}) => {
  const player = await signUp(page, { skipCharacter: false });
  await page.clock.install();
  await page.goto('/');

  await expect(page.getByRole('heading', { name: 'Create Your Artist' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your artist' })).toBeVisible();
  await expect(page.getByText(player.username)).toBeVisible();

  const stats = page.getByRole('definition');
  await expect(page.getByRole('term')).toHaveText(['Discoveries', 'Level']);
  await expect(stats).toHaveText(['0', '1']);

  const collection = page
    .getByRole('region', { name: 'Starter NFT Collection' })
    .getByRole('listitem');
  await expect(collection).toHaveCount(3);
  await expect(collection.nth(0)).toContainText('Spray Can');
  await expect(collection.nth(1)).toContainText('Palette');
  await expect(collection.nth(2)).toContainText('Locked');

  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'character-creation');

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Enter StreetScope' }).click();
  const creating = page.getByRole('button', { name: 'Creating Character...' });
  await expect(creating).toBeVisible();
  await expect(creating).toBeDisabled();

  await page.clock.fastForward(1400);
  await expect(creating).toBeVisible();
  await page.clock.fastForward(100);
  await expect(page.getByRole('heading', { name: 'Create Your Artist' })).toHaveCount(0);

  // A new account sees onboarding once, right after; skipping it opens the game.
  await page.clock.resume();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('link', { name: 'Skip Setup' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The map home appears, and stays after a reload.

  await expect(page.getByText('Level 1 • 0 Discoveries')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Level 1 • 0 Discoveries')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Your Artist' })).toHaveCount(0);
});

test('an existing player never sees character creation', SIGNED_IN, async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: 'Create Your Artist' })).toHaveCount(0);
});
