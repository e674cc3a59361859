import type { Page } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Mission } from '../src/core/schemas/catalog.ts';
import { phoneJpeg } from '../test/images.ts';
import {
  EMPTY_URL,
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
} from './fixtures.ts';
import { freshSeed, uploadPhoto } from './photo-files.ts';
import { becomePro } from './stripe-control.ts';

/**
 * The map's layers beyond artworks and walls (docs/decisions/021-artworks-and-logs.md):
 * mission targets for everyone; the heat of recent finds and the player's own logs for Pro.
 */

/** A corner of this run's own, so no other test's art is in view. */
const SPOT = {
  latitude: -34.92 - Math.random() * 0.05,
  longitude: 138.6 + Math.random() * 0.05,
};
const north = (metres: number) => ({
  latitude: SPOT.latitude + metres / 111_195,
  longitude: SPOT.longitude,
});

test.use({ geolocation: SPOT, permissions: ['geolocation'] });

async function openMapAt(page: Page, origin: string, at: { latitude: number; longitude: number }) {
  await page.goto(`${origin}/?lat=${at.latitude}&lng=${at.longitude}&zoom=16`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('map')).toHaveAttribute('data-artworks', /^\d+$/, {
    timeout: 60_000,
  });
}

/** The layers panel: in the sheet on a phone, at the right on desktop. */
async function openLayers(page: Page) {
  await page.getByRole('button', { name: 'Map layers' }).click();
  const filters = page.getByTestId('map-filters');
  await expect(filters).toBeVisible();
  return filters;
}

test('mission targets show on the map, open their mission, and hide with their switch', async ({
  page,
}) => {
  await signUp(page);
  const missions = (await (await page.request.get('/api/missions')).json()) as Mission[];
  const mission = missions.find((m) => m.targetLocation)!;
  const target = {
    latitude: mission.targetLocation!.lat,
    longitude: mission.targetLocation!.lng,
  };
  await openMapAt(page, '', target);

  const marker = page.locator(`[data-testid=mission-marker][data-mission-id="${mission.id}"]`);
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('title', `Mission: ${mission.title}`);
  // The ring leaves the wall inside it tappable: the badge opens the mission.
  await marker.getByTestId('mission-badge').click();
  const panel = page.getByTestId('mission-panel');
  await expect(panel.getByRole('heading', { name: mission.title })).toBeVisible();
  await expect(panel.getByText(`+${mission.rewardTokens} tokens`)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'All missions' })).toHaveAttribute(
    'href',
    '/missions',
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'map-mission-panel');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);

  const filters = await openLayers(page);
  await filters.getByRole('switch', { name: 'Missions' }).click();
  await expect(page.getByTestId('mission-marker')).toHaveCount(0);
  await filters.getByRole('switch', { name: 'Missions' }).click();
  await expect(marker).toBeVisible();
});

test('without Pro the heat and my-logs layers are shown locked, with the way to Pro', async ({
  page,
}) => {
  await signUp(page);
  await openMapAt(page, '', SPOT);
  const filters = await openLayers(page);
  for (const name of ['Heat of recent finds', 'My logs']) {
    await expect(filters.getByRole('switch', { name })).toBeDisabled();
    await expect(filters.getByRole('switch', { name })).not.toBeChecked();
  }
  await expect(filters.getByRole('link', { name: 'Unlock with Pro' })).toHaveAttribute(
    'href',
    '/subscribe',
  );
});

/** Draws what MapLibre rendered of the my-logs layer: the state of each ring. */
const ringStates = (page: Page) =>
  page.getByTestId('map').evaluate((el) => {
    const map = (el as HTMLElement & { maplibre: MapLibreMap }).maplibre;
    return map
      .queryRenderedFeatures({ layers: ['my-log-rings'] })
      .map((f) => String(f.properties.state))
      .sort();
  });

test('Pro: the heat of recent finds and rings on the art the player logged', async ({
  page,
  browser,
}) => {
  test.slow();
  // Another player pins two pieces; this player finds one and reports the other gone.
  const pinnerPage = await (await browser.newContext()).newPage();
  await signUp(pinnerPage, { baseURL: EMPTY_URL });
  const pin = async (name: string, at: { latitude: number; longitude: number }) => {
    const imageUrl = await uploadPhoto(
      pinnerPage,
      await phoneJpeg({ seed: freshSeed(), ...at }),
      EMPTY_URL,
    );
    const res = await pinnerPage.request.post(`${EMPTY_URL}/api/discoveries`, {
      data: { name, imageUrl, ...at },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).artworkId as string;
  };
  const kept = await pin('Still here', SPOT);
  const buffed = await pin('Buffed', north(120));
  await pinnerPage.context().close();

  const player = await signUp(page, { baseURL: EMPTY_URL });
  await becomePro(page, player.id);
  const imageUrl = await uploadPhoto(
    page,
    await phoneJpeg({ seed: freshSeed(), ...north(8) }),
    EMPTY_URL,
  );
  const found = await page.request.post(`${EMPTY_URL}/api/artworks/${kept}/logs`, {
    data: { kind: 'found', imageUrl, ...north(8) },
  });
  expect(found.status(), await found.text()).toBe(201);
  const gone = await page.request.post(`${EMPTY_URL}/api/artworks/${buffed}/logs`, {
    data: { kind: 'gone', ...north(110) },
  });
  expect(gone.status(), await gone.text()).toBe(201);

  await openMapAt(page, EMPTY_URL, north(60));
  const map = page.getByTestId('map');
  await expect(map).not.toHaveAttribute('data-heat');
  const filters = await openLayers(page);
  await expect(filters.getByRole('link', { name: 'Unlock with Pro' })).toHaveCount(0);

  await filters.getByRole('switch', { name: 'Heat of recent finds' }).click();
  // Both pieces were logged this month: two hot spots.
  await expect(map).toHaveAttribute('data-heat', '2');
  await filters.getByRole('switch', { name: 'My logs' }).click();
  await expect(map).toHaveAttribute('data-my-logs', '2');
  await expect(filters.getByRole('list', { name: 'My logs key' })).toBeVisible();
  await expect.poll(() => ringStates(page)).toEqual(['found', 'gone']);
  await screenshots(page, 'map-pro-layers');

  await filters.getByRole('switch', { name: 'Heat of recent finds' }).click();
  await expect(map).not.toHaveAttribute('data-heat');
  await filters.getByRole('switch', { name: 'My logs' }).click();
  await expect.poll(() => ringStates(page)).toEqual([]);
});
