import { E2E_MODERATOR } from '../playwright.config.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  toasts,
  uniqueName,
} from './fixtures.ts';
import { confirmedCredit, pinPiece, unverifiedArtist } from './artist-steps.ts';
import { signIn } from './players.ts';

/**
 * Artists on the map (docs/decisions/049-artists.md): credits players propose and confirm, an
 * artist's page built from them, and a claim staff verify before the artist settles credits.
 */

test('a player proposes an artist for a piece, a second confirms, and the artist’s page shows it on its map and in its gallery', async ({
  page,
}) => {
  // Several players and screens in one story: three times the default time.
  test.slow();
  const pinner = await signUp(page);
  const artist = await unverifiedArtist(page);
  const title = uniqueName('Lane koala');
  const artworkId = await pinPiece(page, title);

  await page.goto(`/art/${artworkId}`);
  const credits = page.getByRole('region', { name: 'Who painted this?' });
  await expect(credits).toContainText('Nobody has named its artist yet.');
  await credits.getByLabel('Name the artist').fill(artist.name);
  await credits.getByRole('button', { name: artist.name }).click();
  await expect(toasts(page)).toContainText('Artist proposed');
  const credit = credits.getByTestId('credit');
  await expect(credit).toContainText('Proposed');
  await expect(credit).toContainText(artist.name);

  const second = await signUp(page);
  await page.goto(`/art/${artworkId}`);
  await credits.getByRole('button', { name: 'That’s them' }).click();
  await expect(credit).toContainText('Confirmed');
  await expect(credit).toContainText('You confirmed this credit.');
  await credit.getByText('History').click();
  await expect(credit.getByTestId('credit-history')).toContainText(
    `${pinner.username} proposed it`,
  );
  await expect(credit.getByTestId('credit-history')).toContainText(
    `${second.username} confirmed it`,
  );
  await screenshots(page, 'artwork-credits');

  await credit.getByRole('link', { name: artist.name }).click();
  await expect(page).toHaveURL(new RegExp(`/artists/${artist.id}$`));
  await expect(
    page.getByRole('heading', { level: 2, name: artist.name, exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('artist-piece-list')).toContainText(title);
  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(map.getByTestId('route-stop').first()).toBeVisible();
  const gallery = page.getByTestId('artist-gallery');
  const photo = gallery.getByRole('img', { name: `${title}, photographed by ${pinner.username}` });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artist-page');
  await expectNoSidewaysScroll(page);

  // The list's card opens the page and shows a real photo of one of the artist's pieces.
  await page.goto('/artists');
  const card = page.getByTestId('artist-card').filter({ hasText: artist.name });
  await expect(
    card.getByRole('img', { name: `A piece by ${artist.name}, photographed by a player` }),
  ).toBeVisible();
  await screenshots(page, 'artists-with-photos');
  await card.getByRole('link', { name: artist.name }).click();
  await expect(page).toHaveURL(new RegExp(`/artists/${artist.id}$`));
});

test('an artist claims their profile, staff verify it, the artist rejects a wrong credit and it leaves their page; the audit log has each step', async ({
  page,
}) => {
  test.slow();
  // Another player credits an artist with a piece that is not theirs, and a second confirms it.
  await signUp(page);
  const artist = await unverifiedArtist(page, 0);
  const title = uniqueName('Not theirs');
  const artworkId = await pinPiece(page, title);
  await confirmedCredit(page, artworkId, artist.id);

  // The artist claims the profile with a link to their own account.
  const painter = await signUp(page);
  await page.goto(`/artists/${artist.id}`);
  await expect(page.getByTestId('artist-piece-list')).toContainText(title);
  const claim = page.getByRole('region', { name: `Are you ${artist.name}?` });
  await claim.getByRole('button', { name: 'Claim this profile' }).click();
  await claim.getByLabel('Link to an account you control').fill('https://example.org/@painter');
  await claim.getByLabel(/Anything staff should know/).fill('My bio there names StreetScope.');
  await screenshots(page, 'artist-claim');
  await claim.getByRole('button', { name: 'Send claim' }).click();
  await expect(toasts(page)).toContainText('Claim sent');
  await expect(claim).toContainText('Your claim is waiting for review');

  // Staff verify it in the moderation screen.
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/moderation');
  await page.getByRole('tab', { name: 'Artists' }).click();
  const card = page
    .getByRole('list', { name: 'Artist claims' })
    .getByRole('listitem')
    .filter({ hasText: `${painter.username} says they are ${artist.name}` });
  await expect(card).toContainText('https://example.org/@painter');
  await expect(card).toContainText('My bio there names StreetScope.');
  await screenshots(page, 'moderation-artist-claim');
  await card.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify claim' });
  await dialog.getByLabel(/Reason/).fill('The linked bio names StreetScope');
  await dialog.getByRole('button', { name: 'Verify claim' }).click();
  await expect(toasts(page)).toContainText('Verify claim: done');
  await expect(card).toHaveCount(0);

  // The artist rejects the wrong credit: it leaves their page.
  await signIn(page, painter.username);
  await page.goto(`/artists/${artist.id}`);
  await expect(page.getByText('Verified artist')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your profile' })).toContainText(
    'This is your verified profile',
  );
  await page.getByRole('button', { name: `Not mine: ${title}` }).click();
  await expect(toasts(page)).toContainText('Credit rejected');
  await expect(page.getByRole('button', { name: `Not mine: ${title}` })).toHaveCount(0);
  await expect(page.getByText(title)).toHaveCount(0);
  await screenshots(page, 'artist-page-verified');

  // The audit log tells each step, newest first.
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/moderation');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entries = page.getByTestId('audit-entry').filter({ hasText: painter.username });
  await expect(entries.nth(0)).toContainText(
    `${painter.username} rejected a piece credited to ${artist.name} (“${title}”)`,
  );
  await expect(entries.nth(1)).toContainText(
    `${E2E_MODERATOR.username} verified the claim on ${artist.name} by ${painter.username}`,
  );
  await expect(entries.nth(2)).toContainText(
    `${painter.username} claimed the artist profile of ${artist.name}`,
  );
});
