import type { Page } from '@playwright/test';
import { phoneJpeg } from '../test/images.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';

/** NFT Collection (/collection): starter items, and items unlocked by playing. */

const item = (page: Page, name: string) =>
  page.getByRole('main').getByRole('listitem', { name, exact: true });

test(
  'shows the starter items, and the locked one unlocks with the first discovery',
  SIGNED_IN,
  async ({ page }) => {
    await page.goto('/collection');
    await expect(page.getByRole('heading', { name: 'NFT Collection', level: 1 })).toBeVisible();

    await expect(page.getByRole('heading', { name: '2 of 7 collected' })).toBeVisible();
    const starters = page.getByRole('region', { name: 'Starter collection' }).getByRole('listitem');
    await expect(starters).toHaveCount(3);
    for (const name of ['Spray Can', 'Palette']) {
      await expect(item(page, name)).toContainText('Collected');
    }
    const fatCap = item(page, 'Fat Cap');
    await expect(starters.nth(2)).toHaveAccessibleName('Fat Cap');
    await expect(fatCap).toContainText('Locked');
    await expect(fatCap).toContainText(
      'Earn the First Discovery achievement: document your first piece of street art.',
    );
    await expect(item(page, 'Blackbook')).toContainText('0 of 10 discoveries');
    await expectNoSeriousAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await screenshots(page, 'collection');

    // With a photo taken there: only a documented find unlocks anything.
    const spot = { latitude: -28.0167, longitude: 153.4 };
    const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...spot }));
    const res = await page.request.post('/api/discoveries', {
      data: { name: 'First piece', imageUrl, ...spot },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/collection');
    await expect(page.getByRole('heading', { name: '3 of 7 collected' })).toBeVisible();
    await expect(item(page, 'Fat Cap')).toContainText('Collected');
    await expect(item(page, 'Blackbook')).toContainText('1 of 10 discoveries');
  },
);

test(
  'the profile shows the collection at a glance and links to it',
  SIGNED_IN,
  async ({ page }) => {
    await page.goto('/profile');
    const strip = page.getByRole('region', { name: 'NFT Collection' });
    await expect(strip).toContainText('2 of 7 collected');
    await expect(strip.getByRole('listitem')).toHaveCount(7);
    await expect(strip.getByText('Spray Can, collected')).toBeAttached();
    await expect(strip.getByText('Fat Cap, locked')).toBeAttached();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'profile-collection');
    await strip.getByRole('link', { name: 'View all collection items' }).click();
    await expect(page).toHaveURL('/collection');
  },
);
