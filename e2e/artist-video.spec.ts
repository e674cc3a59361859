import type { Page } from '@playwright/test';
import { E2E_PRO_PLAYER } from '../playwright.config.ts';
import type { ArtistProfile } from '../src/core/schemas/artists.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  toasts,
} from './fixtures.ts';
import { unverifiedArtist, verifiedClaim } from './artist-steps.ts';
import { signIn } from './players.ts';

/**
 * Artist video for Pro (docs/decisions/049-artists.md): a verified artist adds a video, a Pro
 * player plays it privacy-enhanced and only on request, a free player learns that it exists and
 * is invited to Pro, whose page lists it.
 */

const VIDEO_ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`;
/** Every host a YouTube or Vimeo video or its pictures would load from. */
const PROVIDER =
  /^https:\/\/([a-z0-9-]+\.)*(youtube(-nocookie)?\.com|ytimg\.com|vimeo(cdn)?\.com)\//;

/** Opens the artist's page; resolves with the profile the page got from the server. */
async function openArtist(page: Page, artistId: string): Promise<ArtistProfile> {
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === `/api/artists/${artistId}` && res.ok(),
  );
  await page.goto(`/artists/${artistId}`);
  return (await (await answer).json()) as ArtistProfile;
}

test('a Pro player plays an artist’s video privacy-enhanced on request; a free player sees that it exists and the Pro page lists it', async ({
  page,
}) => {
  test.slow();
  const painter = await signUp(page);
  const artist = await unverifiedArtist(page, 1);
  await verifiedClaim(page, painter.username, artist.id);
  await page.goto(`/artists/${artist.id}`);
  const section = page.getByRole('region', { name: 'Artist video' });
  await section.getByLabel('YouTube or Vimeo link').fill(`https://youtu.be/${VIDEO_ID}`);
  await section.getByRole('button', { name: 'Save video' }).click();
  await expect(toasts(page)).toContainText('Video saved');

  // A free player: the video exists, its id never reaches the page, and Pro is offered.
  await signUp(page);
  const free = await openArtist(page, artist.id);
  expect(free.video).toEqual({ provider: 'youtube', id: null });
  const locked = page.getByTestId('video-locked');
  await expect(locked).toContainText(`${artist.name} has a video on YouTube`);
  await expect(locked).toContainText('Artist videos play for Pro members.');
  await expect(page.getByRole('button', { name: `Play the video by ${artist.name}` })).toHaveCount(
    0,
  );
  expect(await page.content()).not.toContain(VIDEO_ID);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artist-video-locked');
  await locked.getByRole('link', { name: 'Go Pro to watch' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  const feature = page
    .getByRole('region', { name: 'Premium features' })
    .getByRole('listitem')
    .filter({ hasText: 'Artist video' });
  await expect(feature).toContainText('Pro');
  await expect(feature).not.toContainText('Coming later');

  // A Pro player: our own poster first, nothing asked of the provider until play is pressed.
  await signIn(page, E2E_PRO_PLAYER.username, E2E_PRO_PLAYER.password);
  const toProvider: string[] = [];
  page.on('request', (request) => {
    if (PROVIDER.test(request.url())) toProvider.push(request.url());
  });
  // The provider cannot be reached from here: a small page stands in for its player.
  await page.route(EMBED, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Player</title><p>Stand-in player</p>',
    }),
  );
  const pro = await openArtist(page, artist.id);
  expect(pro.video).toEqual({ provider: 'youtube', id: VIDEO_ID });
  const play = section.getByRole('button', { name: `Play the video by ${artist.name}` });
  await expect(play).toBeVisible();
  await expect(play).toContainText(`Watch ${artist.name}`);
  await expect(play).toContainText('Plays from YouTube');
  await expect(page.getByTestId('video-locked')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artist-video-pro');
  await expectNoSidewaysScroll(page);
  expect(toProvider).toEqual([]);

  await play.click();
  const frame = section.getByTitle(`Video by ${artist.name}`);
  await expect(frame).toHaveAttribute('src', EMBED);
  await expect(
    section.frameLocator(`iframe[title="Video by ${artist.name}"]`).getByText('Stand-in player'),
  ).toBeVisible();
  expect(toProvider).toEqual([EMBED]);
});
