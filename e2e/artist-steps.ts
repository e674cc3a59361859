import type { Page } from '@playwright/test';
import { E2E_MODERATOR } from '../playwright.config.ts';
import type { ArtistListItem, ArtworkCredits } from '../src/core/schemas/artists.ts';
import { phoneJpeg } from '../test/images.ts';
import { expect, signUp } from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';
import { signIn } from './players.ts';

/** Steps the artist specs share (docs/decisions/049-artists.md). */

/** An artist nobody has verified yet: the first, or the `fromEnd`th from the end of the list. */
export async function unverifiedArtist(page: Page, fromEnd?: number): Promise<ArtistListItem> {
  const list = (await (await page.request.get('/api/artists')).json()) as ArtistListItem[];
  const open = list.filter((a) => !a.verified);
  expect(open.length).toBeGreaterThan(2);
  return fromEnd === undefined ? open[0]! : open[open.length - 1 - fromEnd]!;
}

/** Staff verify the player's claim on the artist through the API; the player is signed in again. */
export async function verifiedClaim(page: Page, username: string, artistId: string) {
  const claimed = await page.request.post(`/api/artists/${artistId}/claims`, {
    data: { evidenceKind: 'link', evidenceUrl: 'https://example.org/@painter' },
  });
  expect(claimed.status(), await claimed.text()).toBe(201);
  const { id } = (await claimed.json()) as { id: string };
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  const decided = await page.request.post(`/api/artist-claims/${id}/decision`, {
    data: { decision: 'verify', reason: 'The linked bio names StreetScope' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  await signIn(page, username);
}

/** A spot of this run's own in Melbourne, so no other test's art is near. */
const melbourneSpot = () => ({
  latitude: -37.81 - Math.random() * 0.05,
  longitude: 144.96 + Math.random() * 0.05,
});

/** The page's player documents a new piece with a photo taken `at`; resolves with its id. */
export async function pinPiece(page: Page, title: string, at = melbourneSpot()): Promise<string> {
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...at }));
  const res = await page.request.post('/api/discoveries', {
    data: { name: title, imageUrl, ...at },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { artworkId: string }).artworkId;
}

/**
 * The page's player credits the artist with the piece, and a fresh player confirms it (the page
 * is then signed in as that second player); resolves with the credit's id.
 */
export async function confirmedCredit(page: Page, artworkId: string, artistId: string) {
  const proposed = await page.request.post(`/api/artworks/${artworkId}/credits`, {
    data: { artistId },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const creditId = ((await proposed.json()) as ArtworkCredits).credits[0]!.id;
  await signUp(page);
  const confirmed = await page.request.post(`/api/artist-credits/${creditId}/votes`, {
    data: { vote: 'confirm' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return creditId;
}
