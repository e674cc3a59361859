import type { Locator, Page } from '@playwright/test';
import { phoneJpeg } from '../test/images.ts';
import type { WallDetail } from '../src/core/schemas/walls.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
  toasts,
  type SignedInPlayer,
  screenshot,
} from './fixtures.ts';
import { documentFinds, freshSeed, phonePhoto, pickPhoto, uploadPhoto } from './photo-files.ts';

/**
 * Walls players keep honest (docs/decisions/026): a player proposes a wall from the map, three
 * other established players confirm it and it turns verified; two players' reports dispute
 * another wall. The server runs with ESTABLISHED_MIN_DAYS=0, so new accounts with three
 * documented finds are established.
 */

/** A spot of this run's own, far from the seeded walls and other tests' art. */
const SPOT = {
  latitude: -34.9 - Math.random() * 0.05,
  longitude: 138.55 + Math.random() * 0.05,
};
/** A second wall 500 m north, for the reports. */
const OTHER = { latitude: SPOT.latitude + 0.0045, longitude: SPOT.longitude };

async function openMapAt(page: Page, at: typeof SPOT) {
  await page.goto(`/?lat=${at.latitude}&lng=${at.longitude}&zoom=17`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
}

/** The wall's entry in the walls panel, the keyboard way to its markers. */
const wallEntry = (page: Page, id: string) => page.locator(`li [data-wall-id="${id}"]`);
const panel = (page: Page) => page.getByTestId('location-panel');

async function openWall(page: Page, at: typeof SPOT, id: string) {
  await openMapAt(page, at);
  await wallEntry(page, id).click();
  await expect(panel(page)).toBeVisible();
}

async function nearbyWall(page: Page, at: typeof SPOT): Promise<WallDetail> {
  const res = await page.request.get(
    `/api/legal-walls/nearby?latitude=${at.latitude}&longitude=${at.longitude}&radius=0.05`,
  );
  const [wall] = (await res.json()) as WallDetail[];
  expect(wall).toBeDefined();
  return wall!;
}

/** Pin here at the map centre, then "Legal wall": the proposal dialog. */
async function startProposal(page: Page, at: typeof SPOT): Promise<Locator> {
  await openMapAt(page, at);
  await page.getByRole('button', { name: 'Pin here' }).click();
  await page
    .getByRole('region', { name: 'Pin here' })
    .getByRole('button', { name: 'Legal wall' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Propose a legal wall' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillProposal(dialog: Locator, name: string) {
  await dialog.getByLabel('Name').fill(name);
  await dialog
    .getByLabel('Description')
    .fill('Council free wall along the bike path underpass; both sides may be painted.');
  await dialog.getByLabel('Permit rules (optional)').fill('No permit. Daylight only, no tags.');
  await dialog.getByLabel('Hours').fill('Daylight hours');
  await dialog.getByLabel('Address or directions').fill('Bike path underpass by the station');
  await dialog.getByLabel('City').fill('Adelaide');
  await dialog.getByLabel('Country').fill('Australia');
  await dialog.getByLabel('Source link (optional)').fill('https://www.cityofadelaide.com.au/');
  await pickPhoto(dialog, await phonePhoto(freshSeed(), 'underpass.jpg'));
}

test.use({ geolocation: SPOT, permissions: ['geolocation'] });
// Camera moves (fly-tos, eases, a drag's glide) land at once: the tests check where the map ends
// up, and each animated frame is drawn in software WebGL here.
test.use({ reducedMotion: 'reduce' });

test('a player proposes a wall; three established players confirm it and it turns verified', async ({
  page,
  player,
}) => {
  // Four players, nine photos and four map loads on a software-rendered map.
  test.slow();
  const dialog = await startProposal(page, SPOT);
  await expect(dialog.getByRole('button', { name: 'Propose wall' })).toBeDisabled();
  await fillProposal(dialog, 'Railway underpass free wall');
  await screenshots(page, 'walls-propose');
  await dialog.getByRole('button', { name: 'Propose wall' }).click();
  await expect(toasts(page).getByText('Wall proposed', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const wall = await nearbyWall(page, SPOT);
  expect(wall).toMatchObject({ status: 'unverified', source: { label: player.username } });
  const marker = page.locator(`[data-testid="wall-marker"][data-wall-id="${wall.id}"]`);
  await expect(marker).toHaveAttribute('data-status', 'unverified');
  await wallEntry(page, wall.id).click();
  await expect(panel(page).getByTestId('wall-status')).toHaveText('Unverified');
  await expect(panel(page).getByTestId('wall-source')).toContainText(
    `Proposed by ${player.username}`,
  );
  await expect(panel(page).getByTestId('wall-last-confirmed')).toHaveText('Not confirmed yet');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'walls-unverified-panel');

  const confirmers: SignedInPlayer[] = [];
  for (let i = 0; i < 3; i++) {
    const confirmer = await signUp(page);
    confirmers.push(confirmer);
    await documentFinds(page, SPOT, 3);
    await openWall(page, SPOT, wall.id);
    await panel(page).getByRole('button', { name: 'Confirm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Railway underpass free wall' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page).getByText('Confirmation saved', { exact: true })).toBeVisible();
    await expect(panel(page).getByTestId('wall-confirmations')).toContainText(
      `Confirmed by ${i + 1} player`,
    );
  }
  await expect(panel(page).getByTestId('wall-status')).toHaveText('Verified');
  await expect(marker).toHaveAttribute('data-status', 'verified');
  await expect(panel(page).getByTestId('wall-last-confirmed')).toContainText(
    'Painted here legally on',
  );
  await screenshots(page, 'walls-verified-panel');

  // The walls list says the same of it.
  await page.goto('/missions');
  await page.getByRole('tab', { name: 'Legal Graffiti Walls' }).click();
  await page.getByLabel('Search legal walls').fill('Railway underpass');
  const card = page.getByTestId('wall-card').filter({ hasText: 'Railway underpass free wall' });
  await expect(card.getByTestId('wall-status')).toHaveText('Verified');
  await expect(card.getByTestId('wall-source')).toContainText(`Proposed by ${player.username}`);
  await screenshots(page, 'walls-list');
});

test('a player who has not visited sees why; two reports take a wall to disputed; a second proposal of it is refused', async ({
  page,
  expectFailure,
}) => {
  // Five players and three map loads on a software-rendered map.
  test.slow();
  // The wall, proposed through the API by a player who stood there.
  await signUp(page);
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...OTHER }));
  const proposed = await page.request.post('/api/legal-walls', {
    data: {
      name: 'Skate park back wall',
      imageUrl,
      description: 'The back of the skate park shelter, painted over every few weeks.',
      permitRequired: false,
      hours: 'Any time',
      city: 'Adelaide',
      country: 'Australia',
      address: 'Skate park, north side',
      ...OTHER,
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const wall = (await proposed.json()) as WallDetail;

  await signUp(page);
  await openWall(page, OTHER, wall.id);
  await expect(panel(page).getByTestId('wall-visit-needed')).toContainText(
    'log a visit first: document a piece within 200 m',
  );
  await expect(panel(page).getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  for (const reason of ['Gone', 'Private property']) {
    await signUp(page);
    await documentFinds(page, OTHER, 1);
    await openWall(page, OTHER, wall.id);
    await panel(page).getByRole('button', { name: 'Report a problem' }).click();
    const report = page.getByRole('dialog', { name: 'Report a problem with Skate park back wall' });
    await report.getByText(reason, { exact: true }).click();
    await report.getByLabel('Note (optional)').fill('Fenced off since last month.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(toasts(page).getByText('Report sent', { exact: true })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Reported' })).toBeDisabled();
  }
  await expect(panel(page).getByTestId('wall-status')).toHaveText('Disputed');
  await expect(
    page.locator(`[data-testid="wall-marker"][data-wall-id="${wall.id}"]`),
  ).toHaveAttribute('data-status', 'disputed');
  await expectNoSeriousAxeViolations(page);
  await toasts(page).getByRole('button', { name: 'Dismiss notification' }).click();
  await panel(page).getByRole('button', { name: 'Reported' }).scrollIntoViewIfNeeded();
  await screenshots(page, 'walls-disputed-panel');

  // The confirm dialog as a desktop and a phone show it (the panel moves into the phone's sheet).
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await panel(page).getByRole('button', { name: 'Confirm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Skate park back wall' });
    await expect(confirm.getByLabel('Painted here legally on')).toBeVisible();
    await screenshot(page, `walls-confirm-${size.width}`);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same wall again: the server's refusal names the wall already there.
  expectFailure('/api/legal-walls', 409);
  const dialog = await startProposal(page, OTHER);
  await fillProposal(dialog, 'Skate park wall');
  await dialog.getByRole('button', { name: 'Propose wall' }).click();
  await expect(
    toasts(page).getByText(/^"Skate park back wall" is already mapped \d+ m from here/),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
});
