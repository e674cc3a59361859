import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, phonePhoto, pickPhoto, uploadPhoto } from './photo-files.ts';

/** My Discoveries (/discoveries): the player's whole list, a page (20) at a time, newest first. */

const BONDI = { latitude: -33.8915, longitude: 151.2767 };

/** Where the i-th discovery is pinned: a few metres apart. */
const spotOf = (i: number) => ({
  latitude: BONDI.latitude + i / 10_000,
  longitude: BONDI.longitude,
});

/**
 * Discoveries made through the API, oldest first. Without `photos` they are saved but pay and
 * count for nothing; with it each has a photo taken where it is pinned.
 */
async function discover(
  page: Page,
  count: number,
  { photos = false, description = '' } = {},
): Promise<{ id: string; name: string }[]> {
  const made = [];
  for (let i = 1; i <= count; i++) {
    const imageUrl = photos
      ? await uploadPhoto(page, (await phonePhoto(freshSeed(), undefined, spotOf(i))).buffer)
      : undefined;
    const res = await page.request.post('/api/discoveries', {
      data: {
        name: `Laneway piece ${i}`,
        description,
        ...spotOf(i),
        imageUrl,
        emojiPin: i % 2 ? 'location' : 'tag',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    made.push((await res.json()) as { id: string; name: string });
    // A few milliseconds apart, so newest-first has one answer.
    await page.waitForTimeout(5);
  }
  return made;
}

const rows = (page: Page) => page.getByRole('main').getByRole('listitem');

// Where these tests pass the map home, its camera lands at once and the player's dot stays still:
// what they check is where things end up, not how they move.
test.use({ reducedMotion: 'reduce' });

test('lists every discovery, newest first, a page at a time', SIGNED_IN, async ({ page }) => {
  // More than one page of discoveries to make first.
  test.slow();
  await discover(page, 22);
  await page.goto('/discoveries');
  await expect(page.getByRole('heading', { name: 'My Discoveries', level: 1 })).toBeVisible();

  await expect(page.getByText('22 discoveries, newest first')).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first()).toContainText('Laneway piece 22');
  await expect(rows(page).nth(19)).toContainText('Laneway piece 3');
  await expect(page.getByText('Showing 20 of 22')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'my-discoveries');

  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(rows(page)).toHaveCount(22);
  await expect(rows(page).last()).toContainText('Laneway piece 1');
  await expect(page.getByText('Showing 22 of 22')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('a discovery opens the map at the piece', SIGNED_IN, async ({ page }) => {
  // With its photo: a find counts (and its finder shows) once it has one. Its words run long.
  const description =
    'Spotted on a laneway behind the old bakery: a koala hugging a gum tree, painted in thick ' +
    'black outlines with orange and teal fills, and a speech bubble that says "hold on ' +
    'tight". Someone added a tiny paper boat under its feet last week.';
  const [first] = await discover(page, 1, { photos: true, description });
  await page.goto('/discoveries');
  await rows(page).getByRole('link', { name: 'Show on map: Laneway piece 1' }).click();

  await expect(page).toHaveURL(
    `/?lat=${BONDI.latitude + 0.0001}&lng=${BONDI.longitude}&zoom=18&discovery=${first!.id}`,
  );
  await expect(page.getByTestId('map-centre')).toContainText('Map link');
  // And the piece is selected: the panel shows the artwork the discovery logs.
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Laneway piece 1' })).toBeVisible();
  const { artworkId } = await (await page.request.get(`/api/discoveries/${first!.id}`)).json();
  expect(artworkId).toEqual(expect.any(String));
  await expect(panel.getByRole('link', { name: 'View artwork' })).toHaveAttribute(
    'href',
    `/art/${artworkId}`,
  );
  await expect(panel.getByText('1 finder', { exact: true })).toBeVisible();
  // The first finder's words, cut to a few lines until asked for.
  const words = panel.getByTestId('place-description');
  await expect(words).toContainText(description.slice(0, 60));
  await screenshots(page, 'map-artwork-panel');
  await words.getByRole('button', { name: 'More of the description' }).click();
  await expect(words.getByRole('button', { name: 'Less of the description' })).toBeVisible();
});

test(
  'a discovery saved without a photo pays once the photo is added',
  SIGNED_IN,
  async ({ page }) => {
    await discover(page, 1);
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ tokens: 0, discoveries: 0 });
    await page.goto('/discoveries');
    const row = rows(page).first();
    await expect(row).toContainText('+0 tokens');
    await expect(row).toContainText('No photo yet');
    await expectNoSeriousAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await screenshots(page, 'my-discoveries-no-photo');

    await row.getByRole('button', { name: 'Add photo to earn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a photo' });
    await expect(dialog).toContainText('Laneway piece 1 was saved without a photo');
    const add = dialog.getByRole('button', { name: 'Add photo', exact: true });
    await expect(add).toBeDisabled();
    await pickPhoto(dialog, await phonePhoto(freshSeed(), 'laneway.jpg', spotOf(1)));
    await expect(add).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'my-discoveries-add-photo');

    await add.click();
    await expect(toasts(page).getByText('Photo added', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('You earned 50 tokens.', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('+50 tokens');
    await expect(row).not.toContainText('No photo yet');
    await expect(row.getByRole('button', { name: 'Add photo to earn' })).toHaveCount(0);
    await expect(row.locator('img[src^="/objects/"]')).toBeVisible();

    // Paid once, and the header says so: 0 before, 50 now.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByTestId('token-count')).toHaveText('50 tokens');
    await expect(page.getByText('Level 1 • 1 Discovery')).toBeVisible();
  },
);

test('a player with none yet is shown the way to the map', SIGNED_IN, async ({ page }) => {
  await page.goto('/discoveries');
  await expect(page.getByText('No discoveries yet')).toBeVisible();
  await page.getByRole('link', { name: 'Open the map' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the profile links its recent discoveries to the full list', SIGNED_IN, async ({ page }) => {
  await discover(page, 2);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'View all discoveries' }).click();
  await expect(page).toHaveURL('/discoveries');
  await expect(rows(page)).toHaveCount(2);
});
