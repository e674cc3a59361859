import type { Page } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { phoneJpeg } from '../test/images.ts';
import { headOn, otherVisit, photograph, renderScene, samePiecePair } from '../test/murals.ts';
import {
  PASSWORD,
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import { freshSeed, pickPhoto, uploadPhoto } from './photo-files.ts';

/**
 * Artworks (docs/decisions/021-artworks-and-logs.md): a second player who photographs a piece
 * already on the map is offered it and logs it; a piece two players report gone is drawn gone.
 */

/** A laneway of this run's own, so no other test's art is within the 30 m match radius. */
const SPOT = {
  latitude: -37.8166 - Math.random() * 0.05,
  longitude: 144.9691 + Math.random() * 0.05,
};

test.use({ geolocation: SPOT, permissions: ['geolocation'] });
// Camera moves (fly-tos, eases, a drag's glide) land at once: the tests check where the map ends
// up, and each animated frame is drawn in software WebGL here.
test.use({ reducedMotion: 'reduce' });

const tokenCount = (page: Page) => page.getByTestId('token-count');
const captureDialog = (page: Page) => page.getByRole('dialog', { name: 'Document Street Art' });

/** The same mural (seeds checked: 15 and 12 bits from the first photo, 9 between themselves). */
async function muralPhotos() {
  const scene = await renderScene({ wallSeed: 1070, muralSeed: 1071 });
  const jpeg = async (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
  return {
    first: await jpeg('koala.jpg', await photograph(scene, headOn(1072))),
    otherAngle: await jpeg('koala-side.jpg', await photograph(scene, otherVisit(1073))),
    thirdVisit: await jpeg('koala-again.jpg', await photograph(scene, otherVisit(1075))),
  };
}

/**
 * Capture at the player's location with a photo, up to the Add Discovery click. The map is let
 * finish loading first: drawn in software on a busy runner, it holds the page up for seconds.
 */
async function capture(page: Page, name: string, photo: Parameters<typeof pickPhoto>[1]) {
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Capture' }).click();
  const dialog = captureDialog(page);
  await dialog.getByLabel('Name').fill(name);
  await pickPhoto(dialog, photo);
  await expect(dialog.getByText(/^Pinned at your location/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Discovery' }).click();
  return dialog;
}

async function openMap(page: Page, query: string) {
  await page.goto(`/${query}`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('map')).toHaveAttribute('data-artworks', /^\d+$/, {
    timeout: 60_000,
  });
}

const artwork = async (page: Page, id: string) =>
  (await page.request.get(`/api/artworks/${id}`)).json();

test('a second player is offered the piece already pinned, logs it, and both see two photos', async ({
  page,
  player,
  expectFailure,
}) => {
  // Two players, three uploads and three map loads, drawn in software on a busy runner.
  test.slow();
  const photos = await muralPhotos();

  // Player A documents the mural: a new piece, SPEC's 50 tokens.
  await page.goto('/');
  await expect(page.getByTestId('map-centre')).toContainText('Your location');
  const dialog = await capture(page, 'Koala', photos.first);
  await expect(toasts(page).getByText('You earned 50 tokens.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const [mine] = await (await page.request.get('/api/discoveries/user')).json();
  const id: string = mine.artworkId;

  // Player B stands at the same spot and photographs it from another angle.
  const second = await signUp(page);
  await page.goto('/');
  await expect(tokenCount(page)).toHaveText('0 tokens');
  await capture(page, 'Koala from the side', photos.otherAngle);
  const offer = dialog.getByTestId('match-offer');
  await expect(
    offer.getByRole('heading', { name: 'Is this Koala by an unknown artist?' }),
  ).toBeFocused();
  // The player's photo beside the one already on the map (A's).
  await expect(offer.getByRole('figure', { name: 'On the map' }).locator('img')).toHaveAttribute(
    'src',
    mine.imageUrl,
  );
  await expect(offer.getByRole('figure', { name: 'Your photo' }).locator('img')).toHaveAttribute(
    'src',
    /^\/objects\/[\w-]+$/,
  );
  await expect(offer.getByText('Pinned right here')).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Log it' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Add Discovery' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artwork-match-offer');
  await offer.getByRole('button', { name: 'Log it' }).click();
  await expect(toasts(page).getByText('Find Logged!', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('You earned 20 tokens.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tokenCount(page)).toHaveText('20 tokens');

  // Once a day: another photo of it today is offered, and logging it again is refused.
  expectFailure('/api/discoveries', 409);
  await capture(page, 'Koala once more', photos.thirdVisit);
  await offer.getByRole('button', { name: 'Log it' }).click();
  await expect(
    toasts(page).getByText('You already logged this artwork today. Come back tomorrow.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(offer.getByRole('button', { name: "No, it's a new piece" })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(tokenCount(page)).toHaveText('20 tokens');

  // One artwork, two photos, two finders, as B sees it; and its panel on the map.
  const seenByB = await artwork(page, id);
  expect(seenByB.photos).toHaveLength(2);
  expect(seenByB.finders).toEqual([player.username, second.username]);
  await openMap(page, `?lat=${SPOT.latitude}&lng=${SPOT.longitude}&zoom=18&artwork=${id}`);
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Koala' })).toBeVisible();
  await expect(panel.getByTestId('artwork-status')).toHaveText('Still there');
  await expect(panel.getByText('Last seen today')).toBeVisible();
  await expect(panel.getByText('2 finders', { exact: true })).toBeVisible();
  await expect(panel.getByText(`First found by ${player.username}`)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View artwork' })).toHaveAttribute(
    'href',
    `/art/${id}`,
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artwork-panel');

  // Player A signs back in: the first finder's bonus, and the same two photos.
  const signIn = await page.request.post('/api/login', {
    data: { username: player.username, password: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto('/');
  await expect(tokenCount(page)).toHaveText('55 tokens');
  await page.goto(`/art/${id}`);
  const timeline = page.getByRole('list', { name: 'Photos, newest first' }).getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText(`by ${second.username}`);
  await expect(timeline.nth(1)).toContainText(`by ${player.username}`);
});

test(
  'graffiti over a piece already pinned offers it, and a new piece goes on as before',
  SIGNED_IN,
  async ({ page }) => {
    test.slow();
    const [first, otherAngle] = await samePiecePair(1010);
    const spot = { latitude: SPOT.latitude + 0.01, longitude: SPOT.longitude };
    const imageUrl = await uploadPhoto(page, first);
    const pinned = await page.request.post('/api/discoveries/graffiti', {
      data: { name: 'Wall lady', artistName: 'Rone', imageUrl, ...spot },
    });
    expect(pinned.status()).toBe(201);

    // Another player pins graffiti on the same spot with their own photo of it.
    await signUp(page);
    await page.goto(`/?lat=${spot.latitude}&lng=${spot.longitude}&zoom=18`);
    await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Pin here' }).click();
    await page
      .getByRole('region', { name: 'Pin here' })
      .getByRole('button', { name: 'Graffiti photo' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Upload Graffiti' });
    await dialog.getByLabel('Title').fill('Portrait');
    await pickPhoto(dialog, { name: 'lady.jpg', mimeType: 'image/jpeg', buffer: otherAngle });
    await dialog.getByRole('button', { name: 'Ready to Upload' }).click();
    const offer = dialog.getByTestId('match-offer');
    await expect(offer.getByRole('heading', { name: 'Is this Wall lady by Rone?' })).toBeFocused();
    await expect(offer.getByRole('figure')).toHaveCount(2);
    await screenshots(page, 'artwork-match-graffiti');

    // Not the same piece after all: SPEC's flow goes on, and it pays as a new piece.
    await offer.getByRole('button', { name: "No, it's a new piece" }).click();
    await expect(offer).toBeHidden();
    await expect(
      dialog.getByText('Upload successful! Click "Complete Upload" to continue.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Complete Upload' }).click();
    await expect(toasts(page).getByText('Graffiti Uploaded!', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('You earned 150 tokens.', { exact: true })).toBeVisible();
    const [mine] = await (await page.request.get('/api/discoveries/user')).json();
    expect(mine.artworkId).not.toBe((await pinned.json()).artworkId);
  },
);

test(
  "a find far from the player's last one, moments later, is held for review",
  SIGNED_IN,
  async ({ page, context }) => {
    // A paid find first, with its photo: the held one must leave its 50 tokens as they are.
    const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...SPOT }));
    const first = await page.request.post('/api/discoveries', {
      data: { name: 'Laneway tag', imageUrl, ...SPOT },
    });
    expect(first.status(), await first.text()).toBe(201);

    // 111 km north a minute later: faster than anyone travels, so it pays nothing until reviewed.
    await context.setGeolocation({ latitude: SPOT.latitude + 1, longitude: SPOT.longitude });
    await page.goto('/');
    await expect(tokenCount(page)).toHaveText('50 tokens');
    await page.getByRole('button', { name: 'Capture' }).click();
    const dialog = captureDialog(page);
    await dialog.getByLabel('Name').fill('Roadside tag');
    await expect(dialog.getByText(/^Pinned at your location/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Discovery' }).click();
    await expect(toasts(page).getByText('Pending review', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('This find is held for review and pays once approved.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(tokenCount(page)).toHaveText('50 tokens');
  },
);

/** The artworks the map draws as pins now, with their status. */
async function renderedArtworks(page: Page): Promise<Record<string, string>> {
  return page.getByTestId('map').evaluate((element) => {
    const map = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
    const drawn = map.queryRenderedFeatures({ layers: ['artwork-points'] });
    return Object.fromEntries(drawn.map((f) => [f.properties.id, f.properties.status]));
  });
}

test(
  'an artwork two players report gone is drawn gone, and the status filter finds it',
  SIGNED_IN,
  async ({ page }) => {
    test.slow();
    const spot = {
      latitude: -42.88 - Math.random() * 0.05,
      longitude: 147.33 + Math.random() * 0.05,
    };
    const beside = { latitude: spot.latitude, longitude: spot.longitude + 0.0003 };
    const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...spot }));
    const ids: string[] = [];
    for (const data of [
      { name: 'Buffed stencil', imageUrl, ...spot },
      { name: 'Painted-out tag', ...beside },
    ]) {
      const res = await page.request.post('/api/discoveries', { data });
      expect(res.status()).toBe(201);
      ids.push((await res.json()).artworkId);
    }
    const [stencil, tag] = ids as [string, string];

    // Two other players report both gone; one report is not enough.
    for (const reports of [1, 2]) {
      await signUp(page);
      for (const [id, at] of [
        [stencil, spot],
        [tag, beside],
      ] as const) {
        const res = await page.request.post(`/api/artworks/${id}/logs`, {
          data: { kind: 'gone', ...at },
        });
        expect(res.status()).toBe(201);
        expect((await artwork(page, id)).status).toBe(reports === 2 ? 'gone' : 'present');
      }
    }

    await openMap(page, `?lat=${spot.latitude}&lng=${spot.longitude + 0.00015}&zoom=18`);
    await expect.poll(() => renderedArtworks(page)).toMatchObject({ [tag]: 'gone' });
    const thumbnail = page.getByTestId('artwork-thumbnail');
    await expect(thumbnail).toHaveAttribute('data-status', 'gone');
    await expect(thumbnail).toContainText('Gone');
    await screenshots(page, 'artwork-gone-marker');

    // The pin opens the panel, which says it is gone.
    const point = await page.getByTestId('map').evaluate((element, at) => {
      const map = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
      return map.project([at.longitude, at.latitude]);
    }, beside);
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + point.x, box.y + point.y - 20);
    const panel = page.getByTestId('location-panel');
    await expect(panel.getByRole('heading', { name: 'Painted-out tag' })).toBeVisible();
    await expect(panel.getByTestId('artwork-status')).toHaveText('Gone');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'artwork-gone-panel');
    await panel.getByRole('button', { name: 'Close' }).click();

    // Filters and layers: the status filter is free; the hunt filters are Pro.
    await page.getByRole('button', { name: 'Map layers' }).click();
    const filters = page.getByTestId('map-filters');
    await expect(filters.getByRole('radio', { name: '7 days' })).toBeDisabled();
    await expect(filters.getByRole('switch', { name: 'Has photo' })).toBeDisabled();
    await expect(filters.getByRole('radio', { name: 'Not yet by me' })).toBeDisabled();
    await expect(filters.getByRole('link', { name: 'Unlock with Pro' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    const map = page.getByTestId('map');
    await filters.getByRole('radio', { name: 'Still there' }).check({ force: true });
    await expect(map).toHaveAttribute('data-artworks', '0');
    await expect(thumbnail).toHaveCount(0);
    await filters.getByRole('radio', { name: 'Gone' }).check({ force: true });
    await expect(map).toHaveAttribute('data-artworks', '2');
    await expect.poll(() => renderedArtworks(page)).toMatchObject({ [tag]: 'gone' });
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'map-filters');

    // The artworks layer switched off hides the pins and the thumbnails.
    await filters.getByRole('switch', { name: 'Artworks' }).click();
    await expect(thumbnail).toHaveCount(0);
    await expect.poll(() => renderedArtworks(page)).toEqual({});

    // Someone finds the tag still there, with a photo: it comes back on the map.
    const photo = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...beside }));
    const back = await page.request.post(`/api/artworks/${tag}/logs`, {
      data: { kind: 'found', imageUrl: photo, ...beside },
    });
    expect(back.status(), await back.text()).toBe(201);
    await openMap(page, `?lat=${spot.latitude}&lng=${spot.longitude + 0.00015}&zoom=18`);
    await expect
      .poll(() => renderedArtworks(page))
      .toMatchObject({ [tag]: 'present', [stencil]: 'gone' });
    await expect(page.locator('[data-testid=artwork-thumbnail][data-status=present]')).toHaveCount(
      1,
    );
  },
);
