import type { ArtistListItem as Artist } from '../src/core/schemas/artists.ts';
import {
  EMPTY_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
} from './fixtures.ts';

const countText = (n: number) => `${n} ${n === 1 ? 'Artist' : 'Artists'} Featured`;

/** What the search should find: name, aka or city containing the query, ignoring case. */
const expected = (artists: Artist[], q: string) =>
  artists.filter((a) =>
    [a.name, a.aka, a.city].some((f) => f?.toLowerCase().includes(q.toLowerCase())),
  );

test('artists: the count, the cards and a search by name, aka or city', async ({
  page,
  player: _player,
}) => {
  const artists: Artist[] = await (await page.request.get('/api/artists')).json();
  expect(artists.length).toBeGreaterThan(1);

  await page.goto('/artists');
  const count = page.getByRole('heading', { name: /Featured$/ });
  await expect(count).toHaveText(countText(artists.length));
  await expect(page.getByTestId('artist-card')).toHaveCount(artists.length);

  // Every card: name, aka, badge, city/country, years, style and a labelled sample artwork.
  for (const artist of artists) {
    const card = page.getByTestId('artist-card').filter({
      has: page.getByRole('heading', { name: artist.name, exact: true }),
    });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Featured Artist')).toBeVisible();
    if (artist.aka) await expect(card.getByText(`aka ${artist.aka}`)).toBeVisible();
    await expect(card.getByText(`${artist.city}, ${artist.country}`)).toBeVisible();
    await expect(card.getByText(artist.activeYears)).toBeVisible();
    await expect(card.getByText(artist.style)).toBeVisible();
    const img = card.getByRole('img');
    // A real photo of a credited piece where there is one (decision 049), else a sample.
    await expect(img).toHaveAttribute(
      'alt',
      /^(Sample artwork “.+”|A piece by .+, photographed by a player)/,
    );
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
  }

  // Distinct sample artworks by name, and a default for unknown names.
  const sources = await page
    .getByTestId('artist-card')
    .getByRole('img')
    .evaluateAll((els) => els.map((el) => (el as HTMLImageElement).src));
  expect(new Set(sources).size).toBeGreaterThanOrEqual(Math.min(4, artists.length));

  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artists');
  await expectNoSidewaysScroll(page);

  const search = page.getByRole('searchbox', { name: 'Search artists' });
  const named = artists[0]!;
  const byName = named.name.slice(0, 4).toUpperCase();
  await search.fill(byName);
  await expect(count).toHaveText(countText(expected(artists, byName).length));
  await expect(page.getByTestId('artist-card')).toHaveCount(expected(artists, byName).length);

  const withAka = artists.find((a) => a.aka && a.aka.toLowerCase() !== a.name.toLowerCase());
  expect(withAka, 'seed has an artist with an aka').toBeDefined();
  const byAka = withAka!.aka!.toLowerCase();
  await search.fill(byAka);
  await expect(count).toHaveText(countText(expected(artists, byAka).length));
  await expect(page.getByRole('heading', { name: withAka!.name, exact: true })).toBeVisible();

  const city = artists[artists.length - 1]!.city;
  const byCity = city.toUpperCase();
  await search.fill(byCity);
  await expect(count).toHaveText(countText(expected(artists, byCity).length));
  for (const a of expected(artists, city)) {
    await expect(page.getByRole('heading', { name: a.name, exact: true })).toBeVisible();
  }

  await search.fill('no artist is called this');
  await expect(page.getByRole('heading', { name: 'No Artists Found' })).toBeVisible();
  await expect(count).toHaveText(countText(0));
  await screenshots(page, 'artists-no-match');
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(count).toHaveText(countText(artists.length));
});

test('artists: up to 3 achievements, then +N more achievements', async ({
  page,
  player: _player,
}) => {
  const artists: Artist[] = await (await page.request.get('/api/artists')).json();
  const many = artists.find((a) => a.achievements.length > 3);
  const few = artists.find((a) => a.achievements.length <= 3 && a.achievements.length > 0);
  expect(many, 'seed has an artist with more than 3 achievements').toBeDefined();

  await page.goto('/artists');
  const card = page.getByTestId('artist-card').filter({
    has: page.getByRole('heading', { name: many!.name, exact: true }),
  });
  await expect(card.getByRole('listitem')).toHaveCount(3);
  const extra = many!.achievements.length - 3;
  const more = card.getByRole('button', {
    name: `+${extra} more ${extra === 1 ? 'achievement' : 'achievements'}`,
  });
  await expect(more).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(card.getByRole('listitem')).toHaveCount(many!.achievements.length);
  await expect(card.getByText(many!.achievements.at(-1)!)).toBeVisible();

  if (few) {
    const fewCard = page.getByTestId('artist-card').filter({
      has: page.getByRole('heading', { name: few.name, exact: true }),
    });
    await expect(fewCard.getByRole('listitem')).toHaveCount(few.achievements.length);
    await expect(fewCard.getByText(/more achievement/)).toHaveCount(0);
  }
});

test('artists: an empty catalogue says No Artists Found', async ({ page }) => {
  await signUp(page, { baseURL: EMPTY_URL });
  await page.goto(`${EMPTY_URL}/artists`);
  await expect(page.getByRole('heading', { name: 'No Artists Found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Featured$/ })).toHaveText(countText(0));
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artists-empty');
});
