import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Map as MapLibreMap, GeoJSONSource } from 'maplibre-gl';
import type { TourDetail } from '../src/core/schemas/tours.ts';
import { E2E_MODERATOR } from '../playwright.config.ts';
import { gpxSchemaErrors } from '../test/gpx-schema.ts';
import { phoneJpeg } from '../test/images.ts';
import { expect, screenshots, signUp, test, toasts, uniqueName, SIGNED_IN } from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';
import { signIn, signUpEstablished } from './players.ts';

/** A seeded tour (src/data/tours.json): ten Montréal murals from the city's open data. */
const SEEDED = 'tour-montreal-saint-laurent';

const tourOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/tours/${id}`)).json()) as TourDetail;

/** A find of the artwork logged through the API with a photo the phone took at `photoAt`. */
async function logFind(
  page: Page,
  stop: { id: string; latitude: number; longitude: number },
  photoAt: { latitude: number; longitude: number } = stop,
) {
  const imageUrl = await uploadPhoto(page, await phoneJpeg({ seed: freshSeed(), ...photoAt }));
  const res = await page.request.post(`/api/artworks/${stop.id}/logs`, {
    data: { kind: 'found', imageUrl, latitude: stop.latitude, longitude: stop.longitude },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { log: { pendingReview: boolean } };
}

/** What the tour's map draws: its line's points and its numbered markers. */
const drawnRoute = (page: Page) =>
  page.getByTestId('route-map').evaluate((element) => {
    const map = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
    const data = (map.getSource('route-line') as GeoJSONSource).serialize().data as {
      geometry: { coordinates: number[][] };
    };
    return {
      line: data.geometry.coordinates,
      layer: map.getLayer('route-line')?.type,
      markers: element.querySelectorAll('[data-testid="route-stop"]').length,
    };
  });

/** The GPX's waypoint and route point names, in order. */
const namesIn = (gpx: string, tag: 'wpt' | 'rtept') =>
  [...gpx.matchAll(new RegExp(`<${tag} [^>]*>\\s*<name>([^<]*)</name>`, 'g'))].map((m) =>
    m[1]!.replace(/&apos;/g, "'").replace(/&amp;/g, '&'),
  );

test(
  'a seeded tour in Montréal shows its line and progress, exports valid GPX and is saved for offline',
  SIGNED_IN,
  async ({ page }, testInfo) => {
    test.slow();
    const seeded = await tourOf(page, SEEDED);
    const [first, second] = seeded.stops;
    // One find that counts, and one the fair-play check holds: its photo was taken 5 km away.
    expect((await logFind(page, first!)).log.pendingReview).toBe(false);
    const far = { latitude: second!.latitude + 0.045, longitude: second!.longitude };
    expect((await logFind(page, second!, far)).log.pendingReview).toBe(true);

    // The list: every seeded tour, with the player's progress.
    await page.goto('/tours');
    await expect(page.getByRole('heading', { level: 1, name: 'Walking tours' })).toBeVisible();
    const card = page.getByRole('link', { name: /Murals around Saint-Laurent métro/ });
    await expect(card).toContainText('Montréal');
    await expect(card).toContainText('Curated by StreetScope');
    await expect(card).toContainText('10 stops');
    await expect(card).toContainText('1 of 10 found');
    await expect(page.getByRole('link', { name: /Mount Pleasant murals/ })).toContainText(
      'Vancouver',
    );
    await screenshots(page, 'tours-list');

    await card.click();
    await expect(page.getByRole('heading', { name: seeded.title })).toBeVisible();
    await expect(page.getByTestId('tour-progress')).toHaveText('1 of 10 found');
    const stops = page.getByRole('list', { name: 'Stops' }).getByTestId('tour-stop');
    await expect(stops).toHaveCount(10);
    await expect(stops.nth(0)).toHaveAttribute('data-found', 'true');
    await expect(stops.nth(0)).toContainText(`Found: ${first!.title}`);
    await expect(stops.nth(1)).toHaveAttribute('data-found', 'false');
    // Its sources, with their licence.
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(sources).toContainText('Ville de Montréal, Murales subventionnées (CC BY 4.0)');
    await expect(sources).toContainText('4.5 km/h');

    // The line through the ten stops, in order, and a numbered marker for each.
    const map = page.getByTestId('route-map');
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expect(map).toBeVisible();
    await expect(map.getByTestId('route-stop').first()).toBeVisible();
    const drawn = await drawnRoute(page);
    expect(drawn.layer).toBe('line');
    expect(drawn.line).toEqual(seeded.stops.map((s) => [s.longitude, s.latitude]));
    expect(drawn.markers).toBe(10);
    await screenshots(page, 'tour');

    // GPX 1.1: a waypoint per stop named by its title, and the route through them in order.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export GPX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      'streetscope-tour-murals-around-saint-laurent-metro.gpx',
    );
    const file = testInfo.outputPath('tour.gpx');
    await download.saveAs(file);
    const gpx = readFileSync(file, 'utf8');
    expect(gpxSchemaErrors(gpx)).toBe('');
    const titles = seeded.stops.map((s) => s.title);
    expect(namesIn(gpx, 'wpt')).toEqual(titles);
    expect(namesIn(gpx, 'rtept')).toEqual(titles);

    // Saved for offline: a saved area holding every stop, named after the tour.
    await page.getByRole('button', { name: 'Save this tour for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this tour for offline' });
    await expect(dialog).toContainText('map along this tour’s route on this device');
    await expect(dialog).toContainText('1 km holds every stop');
    await screenshots(page, 'tour-save-offline');
    await expect(dialog.getByLabel('Name')).toHaveValue(seeded.title);
    await expect(dialog.getByRole('radio', { name: '1 km' })).toBeChecked();
    const holds = dialog.getByRole('region', { name: 'What this area holds' });
    await expect(holds).toContainText(/Map: \d+ tiles/);
    await dialog.getByRole('button', { name: 'Save area' }).click();
    await expect(dialog.getByRole('status')).toContainText(`Saved ${seeded.title}`, {
      timeout: 60_000,
    });
    const saved = await page.evaluate(
      () =>
        new Promise<{ name: string; radiusKm: number; artworks: number }[]>((resolve, reject) => {
          const open = indexedDB.open('streetscope-areas');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('areas').objectStore('areas').getAll();
            all.onsuccess = () =>
              resolve(
                (
                  all.result as {
                    name: string;
                    radiusKm: number;
                    contents: { artworks: unknown[] };
                  }[]
                ).map((a) => ({
                  name: a.name,
                  radiusKm: a.radiusKm,
                  artworks: a.contents.artworks.length,
                })),
              );
          };
        }),
    );
    expect(saved.map(({ name, radiusKm }) => ({ name, radiusKm }))).toEqual([
      { name: seeded.title, radiusKm: 1 },
    ]);
    expect(saved[0]!.artworks).toBeGreaterThanOrEqual(10);
  },
);

const QUEUED = 'Thanks — a moderator will look at it.';
const HIDDEN = 'Thanks — it is hidden until a moderator reviews it.';

test('an established player makes a tour of nearby pieces; reported, it is hidden, and a moderator restores it', async ({
  page,
  context,
  expectFailure,
}) => {
  test.slow();
  const plateau = await tourOf(page, 'tour-montreal-plateau');
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({
    latitude: plateau.stops[0]!.latitude,
    longitude: plateau.stops[0]!.longitude,
  });
  const author = await signUpEstablished(page);
  const title = `Plateau lanes ${uniqueName('t').slice(-6)}`;

  // Made through the screen: three stops picked from the pieces around, in the order added.
  await page.goto('/tours');
  await page.getByRole('link', { name: 'Make a tour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Make a tour' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('City').fill('Montréal');
  const picks = page.getByRole('list', { name: 'Places to add' }).getByRole('button');
  for (let i = 0; i < 3; i++) {
    await picks.first().click();
    await expect(page.getByRole('list', { name: 'Tour stops' }).getByRole('listitem')).toHaveCount(
      i + 1,
    );
  }
  await screenshots(page, 'tour-make');
  await page.getByRole('button', { name: 'Publish tour' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`By ${author.username}`)).toBeVisible();
  const tourUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('list', { name: 'Stops' }).getByTestId('tour-stop')).toHaveCount(3);

  // Two established players report it through its menu: the second report hides it, and the
  // page asks for it again: 404 from then on, for everyone but its author.
  expectFailure(/\/api\/tours\/[^/]+$/, 404);
  for (const toast of [QUEUED, HIDDEN]) {
    await signUpEstablished(page);
    await page.goto(tourUrl);
    await page.getByRole('button', { name: `More actions for tour ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Report tour' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this tour' });
    await dialog.getByText('Spam or advertising').click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(toasts(page)).toContainText(toast);
  }
  // The player whose report hid it is told so, not that its link is broken.
  await page.reload();
  await expect(page.getByText('Hidden after your report')).toBeVisible();
  await expect(
    page.getByText('You reported this tour: it is hidden while it is reviewed.'),
  ).toBeVisible();
  await screenshots(page, 'tour-hidden-after-report');

  // Hidden: gone for other players, still shown to its author, marked.
  await signUp(page);
  await page.goto(tourUrl);
  await expect(page.getByText('Tour not found')).toBeVisible();
  await signIn(page, author.username);
  await page.goto('/tours');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText(
    'Hidden after reports',
  );

  // A moderator finds it in the report queue, with its stops, and restores it.
  await signIn(page, E2E_MODERATOR.username, E2E_MODERATOR.password);
  await page.goto('/moderation');
  const group = page
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(group).toContainText('2 reports');
  await expect(group).toContainText('Hidden');
  await expect(group).toContainText(`By ${author.username}`);
  await expect(group).toContainText('Montréal · ');
  await expect(group.getByRole('link', { name: 'Open where players see it' })).toHaveAttribute(
    'href',
    tourUrl,
  );
  await group.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore' });
  await restore.getByLabel(/Reason/).fill('A fair walk, not spam');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page)).toContainText('Restore: done');
  await expect(group).toHaveCount(0);

  // Every player sees it again.
  await signUp(page);
  await page.goto(tourUrl);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete tour' })).toHaveCount(0);

  // Its author deletes it, asked once more first; then it is gone from the list.
  await signIn(page, author.username);
  await page.goto(tourUrl);
  await page.getByRole('button', { name: 'Delete tour' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this tour?' });
  await expect(confirm).toContainText('The artworks and walls it visits stay on the map.');
  await screenshots(page, 'tour-delete');
  await confirm.getByRole('button', { name: 'Delete tour' }).click();
  await expect(toasts(page)).toContainText('Tour deleted');
  await expect(page).toHaveURL(/\/tours$/);
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});
