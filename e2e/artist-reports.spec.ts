import type { Page } from '@playwright/test';
import { E2E_MODERATOR } from '../playwright.config.ts';
import type { ArtistProfile } from '../src/core/schemas/artists.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
  toasts,
  uniqueName,
} from './fixtures.ts';
import { confirmedCredit, pinPiece, unverifiedArtist, verifiedClaim } from './artist-steps.ts';
import { signIn } from './players.ts';

/**
 * Reports cover artists' pages, verifications and credits (docs/decisions/049-artists.md): a
 * wrong credit reported from the piece's page, hidden by a moderator, leaves the artist's page.
 * The artist's page is visited only once it has no pieces, so no map is drawn.
 */

/**
 * Picks "Report <name>" in the open ⋯ menu, sends it as "Something else" with a note, then
 * signs in as the moderator and opens the report queue's card whose title holds `card`.
 */
async function reportAndOpenCard(page: Page, name: string, note: string, card: string) {
  await page.getByRole('menuitem', { name: `Report ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report this ${name}` });
  await dialog.getByText('Something else').click();
  await dialog.getByLabel(/Anything a moderator should know/).fill(note);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toasts(page)).toContainText('Thanks — a moderator will look at it.');
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/moderation');
  return page
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: card });
}

test('a player reports a wrong credit, a moderator hides it in Moderation, and it leaves the artist’s page', async ({
  page,
}) => {
  // Four players and the moderation screen in one story.
  test.slow();
  await signUp(page);
  const artist = await unverifiedArtist(page, 3);
  const title = uniqueName('Misnamed stencil');
  const at = { latitude: -34.92 - Math.random() * 0.05, longitude: 138.6 + Math.random() * 0.05 };
  const artworkId = await pinPiece(page, title, at);
  await confirmedCredit(page, artworkId, artist.id);
  const pieces = async () =>
    ((await (await page.request.get(`/api/artists/${artist.id}`)).json()) as ArtistProfile).pieces;
  expect((await pieces()).map((p) => p.title)).toContain(title);

  // A third player reports the credit from the piece's "Who painted this?".
  const reporter = await signUp(page);
  await page.goto(`/art/${artworkId}`);
  const credit = page.getByRole('region', { name: 'Who painted this?' }).getByTestId('credit');
  await expect(credit).toContainText('Confirmed');
  await credit.getByRole('button', { name: `More actions for credit of ${artist.name}` }).click();
  await screenshots(page, 'artwork-credit-report-menu');

  // The moderator sees it in the report queue, with the piece, and hides it with a reason.
  const group = await reportAndOpenCard(
    page,
    'credit',
    'Not their piece at all',
    `${artist.name} credited for ${title}`,
  );
  await expect(group).toContainText('credit');
  await expect(group).toContainText('Not their piece at all');
  await expect(group.getByRole('link', { name: 'Open where players see it' })).toHaveAttribute(
    'href',
    `/art/${artworkId}`,
  );
  await group.scrollIntoViewIfNeeded();
  await screenshots(page, 'moderation-credit-report');
  await expectNoSeriousAxeViolations(page);
  await group.getByRole('button', { name: 'Hide', exact: true }).click();
  const hide = page.getByRole('dialog', { name: 'Hide' });
  await expect(hide).toContainText('Hide this credit from every player');
  await hide.getByLabel(/Reason/).fill('Wrong artist, on purpose');
  await hide.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(toasts(page)).toContainText('Hide: done');
  await expect(group).toHaveCount(0);

  // The credit is gone from the artist's page and from the piece.
  await signIn(page, reporter.username);
  await page.goto(`/artists/${artist.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: artist.name, exact: true }),
  ).toBeVisible();
  // The reporter hears the outcome.
  await expect(toasts(page)).toContainText('Report upheld');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByTestId('artist-piece-list')).toHaveCount(0);
  await expect(page.getByText('No pieces credited yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: `More actions for artist ${artist.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Report artist page' })).toBeVisible();
  await screenshots(page, 'artist-report-menu');
  await page.keyboard.press('Escape');
  await page.goto(`/art/${artworkId}`);
  await expect(page.getByRole('region', { name: 'Who painted this?' })).toContainText(
    'Nobody has named its artist yet.',
  );
});

test('a player reports an artist’s verification from the page, and a moderator revokes it', async ({
  page,
}) => {
  test.slow();
  const painter = await signUp(page);
  const artist = await unverifiedArtist(page, 4);
  await verifiedClaim(page, painter.username, artist.id);

  await signUp(page);
  await page.goto(`/artists/${artist.id}`);
  await expect(page.getByText('Verified artist', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `More actions for artist ${artist.name}` }).click();
  const group = await reportAndOpenCard(
    page,
    'verification',
    'This is not the artist',
    `${painter.username}’s verification as ${artist.name}`,
  );
  await expect(group).toContainText('Evidence: https://example.org/@painter');
  await expect(group).toContainText(`Verified by ${E2E_MODERATOR.username}.`);
  await expect(group).toContainText('Reports never hide a verification');
  await expect(group.getByRole('button', { name: 'Hide', exact: true })).toHaveCount(0);
  await group.scrollIntoViewIfNeeded();
  await screenshots(page, 'moderation-verification-report');
  await group.getByRole('button', { name: 'Revoke verification' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke verification' });
  await revoke.getByLabel(/Reason/).fill('The link belongs to someone else');
  await revoke.getByRole('button', { name: 'Revoke verification' }).click();
  await expect(toasts(page)).toContainText('Revoke verification: done');
  await expect(group).toHaveCount(0);

  await page.goto(`/artists/${artist.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: artist.name, exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Verified artist', { exact: true })).toHaveCount(0);
});
