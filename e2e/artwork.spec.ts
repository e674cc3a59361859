import type { Browser, Page } from '@playwright/test';
import { phoneJpeg } from '../test/images.ts';
import { headOn, otherVisit, photograph, renderScene } from '../test/murals.ts';
import {
  PASSWORD,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  toasts,
  type SignedInPlayer,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';

/**
 * The artwork page (/art/:id, docs/decisions/022-artwork-page-and-share-tags.md): one piece
 * with every player's photos, its status and freshness, its finders and logs, the way there,
 * a gone report, and a shared link that previews with the cover.
 */

/** A laneway of this run's own, so no other test's art is near. */
const SPOT = {
  latitude: -33.87 - Math.random() * 0.05,
  longitude: 151.2 + Math.random() * 0.05,
};
/** About ten metres north: where the second player stands. */
const NEARBY = { latitude: SPOT.latitude + 0.0001, longitude: SPOT.longitude };

test.use({
  geolocation: NEARBY,
  permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
});

/** What the first finder wrote: more than a phone shows at once. */
const FIRST_WORDS =
  'A koala in a sailor cap, three metres tall, dreaming of the harbour in neon pinks and ' +
  'blues. The wave behind it runs the whole length of the lane, and the stars in its cap ' +
  'glow at dusk when the street lights come on.\nPainted over a weekend for the laneway ' +
  'festival; the artist tagged it low on the right, beside the drainpipe. Best seen from ' +
  'the corner café in the morning, before the delivery vans park in front of it.';

/** Two photos of one mural: head-on, and another visit from an angle in other light. */
async function muralPhotos() {
  const seed = freshSeed();
  const scene = await renderScene({ wallSeed: seed, muralSeed: seed + 1 });
  return {
    first: await photograph(scene, headOn(seed + 2)),
    again: await photograph(scene, otherVisit(seed + 3)),
  };
}

interface Pinned {
  id: string;
  pinner: SignedInPlayer;
  pinnerPage: Page;
}

/** Another player, in a browser of their own, documents the mural as graffiti by an artist. */
async function pinnedByAnother(browser: Browser, photo: Buffer): Promise<Pinned> {
  const pinnerPage = await (await browser.newContext()).newPage();
  const pinner = await signUp(pinnerPage, { username: `pinner_${freshSeed().toString(36)}` });
  const imageUrl = await uploadPhoto(pinnerPage, photo);
  const res = await pinnerPage.request.post('/api/discoveries/graffiti', {
    data: {
      name: 'Koala Dreaming',
      description: FIRST_WORDS,
      artistName: 'Neon Wombat',
      imageUrl,
      ...SPOT,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).artworkId as string, pinner, pinnerPage };
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('a second finder sees both photos, reports it gone, and the shared link previews', async ({
  page,
  player,
  browser,
  playwright,
  baseURL,
  expectFailure,
}) => {
  // Two players, two mural renders and uploads, screenshots at two sizes on a busy runner.
  test.slow();
  const photos = await muralPhotos();
  const { id, pinner, pinnerPage } = await pinnedByAnother(browser, photos.first);

  // This player finds it too, with a photo of their own and a note.
  const imageUrl = await uploadPhoto(page, photos.again);
  const found = await page.request.post(`/api/artworks/${id}/logs`, {
    data: { kind: 'found', imageUrl, description: 'The cap has faded to grey.', ...NEARBY },
  });
  expect(found.status(), await found.text()).toBe(201);

  await page.goto(`/art/${id}`);
  await expect(page.getByRole('heading', { name: 'Koala Dreaming' })).toBeVisible();
  await expect(page.getByText('by Neon Wombat')).toBeVisible();
  await expect(page.getByTestId('artwork-status')).toHaveText('Still there');
  await expect(page.getByTestId('artwork-last-seen')).toHaveText('Last seen today');
  await expect(page.getByText(`First found by ${pinner.username}`)).toBeVisible();
  // Nobody logged it as its artist: no claim.
  await expect(page.getByText(/says they painted it/)).toHaveCount(0);
  // The first finder's words, cut to a few lines until asked for.
  const words = page.getByTestId('artwork-description');
  await expect(words).toContainText(FIRST_WORDS.slice(0, 40));
  const more = words.getByRole('button', { name: 'More of the description' });
  const folded = (await words.getByRole('paragraph').boundingBox())!.height;
  await more.click();
  await expect(words.getByRole('button', { name: 'Less of the description' })).toBeVisible();
  expect((await words.getByRole('paragraph').boundingBox())!.height).toBeGreaterThan(folded);
  await screenshots(page, 'artwork-description-more');
  await words.getByRole('button', { name: 'Less of the description' }).click();
  await expect(more).toBeVisible();

  // The timeline: both photos, newest first, each a loaded thumbnail with its finder.
  const timeline = page.getByRole('list', { name: 'Photos, newest first' }).getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText(`by ${player.username}`);
  await expect(timeline.nth(1)).toContainText(`by ${pinner.username}`);
  for (const thumb of await timeline.locator('img').all()) {
    await expect(thumb).toHaveAttribute('src', /^\/objects\/[^/]+\/thumbnail$/);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  // A tap shows the photo full size.
  await timeline.nth(0).getByRole('button').click();
  const full = page.getByRole('dialog', { name: 'Koala Dreaming' });
  await expect(full.getByRole('img')).toHaveAttribute('src', imageUrl);
  await full.getByRole('button', { name: 'Close' }).click();

  const finders = section(page, 'Found by').getByRole('listitem');
  await expect(finders).toHaveCount(2);
  await expect(finders.nth(0)).toContainText(`${pinner.username}First`);
  await expect(finders.nth(1)).toContainText(`${player.username}(You)`);
  // Each find in the history, the later one with its note; the first one's words are above.
  const logs = section(page, 'Log history').getByRole('listitem');
  await expect(logs).toHaveCount(2);
  await expect(logs.nth(0)).toContainText('The cap has faded to grey.');
  await expect(logs.nth(1)).not.toContainText(FIRST_WORDS.slice(0, 40));

  // The way there.
  const { latitude: lat, longitude: lng } = SPOT;
  await expect(page.getByRole('link', { name: 'Open in maps app' })).toHaveAttribute(
    'href',
    `geo:${lat},${lng}`,
  );
  await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=19/${lat}/${lng}`,
  );
  await expect(page.getByRole('link', { name: 'Show on map' })).toHaveAttribute(
    'href',
    `/?lat=${lat}&lng=${lng}&zoom=19`,
  );
  // Found it logs a find here (e2e/found-it.spec.ts), not a trip to the map.
  await expect(page.getByRole('button', { name: 'Found it' })).toBeVisible();

  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artwork');
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Share: no share sheet here, so the link is copied.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toasts(page).getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/art/${id}`);

  // Gone: one report counts, a second player's makes it gone.
  await page.getByRole('button', { name: 'Report gone' }).click();
  const report = page.getByRole('dialog', { name: 'Is Koala Dreaming gone?' });
  await report.getByRole('button', { name: 'Report gone' }).click();
  await expect(report).toBeHidden();
  await expect(
    toasts(page).getByText('Thanks! One more report from another player marks it as gone.'),
  ).toBeVisible();
  const history = section(page, 'Log history').getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText(`${player.username} reported it gone`);
  // One player's word: shown as such, not as 'Still there' or 'Gone'.
  await expect(page.getByTestId('artwork-status')).toHaveText('Reported gone · not confirmed');

  // Once a day: the server's answer is shown as it is.
  expectFailure(`/api/artworks/${id}/logs`, 409);
  await page.getByRole('button', { name: 'Report gone' }).click();
  await report.getByRole('button', { name: 'Report gone' }).click();
  await expect(
    toasts(page).getByText('You already logged this artwork today. Come back tomorrow.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  const second = await pinnerPage.request.post(`/api/artworks/${id}/logs`, {
    data: { kind: 'gone', ...SPOT },
  });
  expect(second.status(), await second.text()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('artwork-status')).toHaveText('Gone');
  await expect(page.getByRole('button', { name: 'Report gone' })).toHaveCount(0);
  await screenshots(page, 'artwork-gone');

  // A shared link, fetched as a chat app does: no cookies, no script.
  const crawler = await playwright.request.newContext({ baseURL });
  const html = await (await crawler.get(`/art/${id}`)).text();
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta('og:image')).toBe(`${baseURL}${imageUrl}`);
  expect(meta('twitter:card')).toBe('summary_large_image');
  expect(meta('og:title')).toBe('Koala Dreaming');
  expect(meta('og:description')).toBe(
    'Street art by Neon Wombat — found by 2 players on StreetScope. Reported gone.',
  );
  expect(html).not.toContain(pinner.username);
  expect(html).not.toContain(player.username);
  const cover = await crawler.get(meta('og:image')!);
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toMatch(/^image\//);
  await crawler.dispose();
  await pinnerPage.context().close();
});

test('My Discoveries lists finds with their artworks and opens an artwork page', async ({
  page,
  player,
  browser,
}) => {
  // Another player pinned a whale here; this player finds it, and pins a koala of their own.
  const otherPage = await (await browser.newContext()).newPage();
  await signUp(otherPage);
  const whale = await otherPage.request.post('/api/discoveries', {
    data: { name: 'Harbour whale', ...SPOT },
  });
  expect(whale.status()).toBe(201);
  const whaleId: string = (await whale.json()).artworkId;
  await otherPage.context().close();
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...NEARBY }));
  const found = await page.request.post('/api/discoveries', {
    data: {
      name: 'Whale from the lane',
      imageUrl,
      artworkId: whaleId,
      ...NEARBY,
    },
  });
  expect(found.status(), await found.text()).toBe(201);
  // The koala is logged as their own work, without a photo.
  const res = await page.request.post('/api/discoveries', {
    data: { name: 'Laneway koala', userRole: 'artist', ...NEARBY },
  });
  expect(res.status()).toBe(201);
  const { artworkId } = await res.json();

  await page.goto('/discoveries');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(page.getByText('2 discoveries, newest first')).toBeVisible();
  await expect(rows.nth(0)).toContainText('Laneway koala');
  await expect(rows.nth(0)).toContainText('First finder');
  await expect(rows.nth(1)).toContainText('Whale from the lane');
  await expect(rows.nth(1)).toContainText('Logged Harbour whale');
  await expect(rows.nth(1)).toContainText('+20 tokens');
  await expect(rows.nth(1)).not.toContainText('First finder');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'my-discoveries-finds');

  await page.getByRole('link', { name: 'Laneway koala', exact: true }).click();
  await expect(page).toHaveURL(`/art/${artworkId}`);
  await expect(page.getByRole('heading', { name: 'Laneway koala' })).toBeVisible();
  await expect(page.getByText('Unknown artist')).toBeVisible();
  // The player's word, shown as such.
  await expect(
    page.getByText(`${player.username} says they painted it · not verified`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /No photo yet/ })).toBeVisible();
});

test(
  'painted over: the report names the newer piece nearby, and the two pages link',
  SIGNED_IN,
  async ({ page, browser }) => {
    // A corner 330 m from the other tests' art, where this player stands.
    const corner = { latitude: SPOT.latitude + 0.003, longitude: SPOT.longitude };
    await page.context().setGeolocation(corner);
    // Another player pinned the old piece and, 20 m on, the new one painted over it.
    const otherPage = await (await browser.newContext()).newPage();
    await signUp(otherPage);
    const pinned: string[] = [];
    for (const [name, at] of [
      ['Faded koala', corner],
      ['Fresh wombat', { latitude: corner.latitude + 0.00018, longitude: corner.longitude }],
    ] as const) {
      const res = await otherPage.request.post('/api/discoveries', { data: { name, ...at } });
      expect(res.status()).toBe(201);
      pinned.push((await res.json()).artworkId);
    }
    await otherPage.context().close();
    const [old, fresh] = pinned as [string, string];

    await page.goto(`/art/${old}`);
    await page.getByRole('button', { name: 'Report gone' }).click();
    const report = page.getByRole('dialog', { name: 'Is Faded koala gone?' });
    await report.getByRole('radio', { name: 'Painted over' }).check({ force: true });
    const submit = report.getByRole('button', { name: 'Report painted over' });
    await expect(submit).toBeDisabled();
    const by = report.getByRole('group', { name: 'Painted over by' });
    await expect(by.getByRole('radio')).toHaveCount(1);
    await expect(by).toContainText('Fresh wombat');
    await expect(by).toContainText('20 m away');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'artwork-painted-over-report');
    await by.getByRole('radio', { name: /Fresh wombat/ }).check({ force: true });
    await submit.click();
    await expect(report).toBeHidden();
    await expect(toasts(page).getByText('Reported painted over', { exact: true })).toBeVisible();
    // One state at a time: the report, unconfirmed, and the piece it names.
    await expect(page.getByTestId('artwork-status')).toHaveText(
      'Reported painted over · not confirmed',
    );
    await expect(page.getByText('Still there')).toHaveCount(0);
    await expect(page.getByText('Painted over by Fresh wombat, one player reports')).toBeVisible();
    await screenshots(page, 'artwork-reported-painted-over');

    await page.getByRole('link', { name: 'Fresh wombat' }).click();
    await expect(page).toHaveURL(`/art/${fresh}`);
    await expect(page.getByText('Paints over Faded koala')).toBeVisible();
  },
);

test(
  'an unknown artwork says so and offers the way home',
  SIGNED_IN,
  async ({ page, expectFailure }) => {
    expectFailure('/api/artworks/no-such-artwork', 404);
    await page.goto('/art/no-such-artwork');
    await expect(page.getByText('Artwork not found')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'artwork-not-found');
    await page.getByRole('link', { name: 'Back to the map' }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test('signed out, an artwork link goes to sign-in and back', async ({ page }) => {
  const me = await signUp(page);
  const res = await page.request.post('/api/discoveries', {
    data: { name: 'Tunnel tiger', ...SPOT },
  });
  expect(res.status()).toBe(201);
  const { artworkId } = await res.json();
  await page.context().clearCookies();

  await page.goto(`/art/${artworkId}`);
  await expect(page).toHaveURL(`/api/login?returnTo=${encodeURIComponent(`/art/${artworkId}`)}`);
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`/art/${artworkId}`);
  await expect(page.getByRole('heading', { name: 'Tunnel tiger' })).toBeVisible();
});
