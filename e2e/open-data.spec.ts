import type { Map as MapLibreMap } from 'maplibre-gl';
import { expect, expectNoSeriousAxeViolations, screenshots, signUp, test } from './fixtures.ts';

/**
 * Artworks the seed takes from open data (docs/decisions/023-open-data-connectors.md): real
 * pieces to go and find on a fresh start, each naming its dataset and licence.
 */

/** Yannick Picard's 2007 mural in Montréal, from the city's mural register (CC BY 4.0). */
const MURAL = { id: 'art-montreal-murales-1', latitude: 45.58041, longitude: -73.622218 };

test('a seeded mural names its dataset and licence on its page and on the map', async ({
  page,
}) => {
  await signUp(page);
  await page.goto(`/art/${MURAL.id}`);
  await expect(page.getByRole('heading', { name: 'Mural by Yannick Picard' })).toBeVisible();
  await expect(page.getByText('by Yannick Picard · 2007')).toBeVisible();
  await expect(page.getByText('4105, 47e rue (coin Pie IX)')).toBeVisible();
  const source = page.getByTestId('artwork-source');
  await expect(source).toHaveText(
    'Listed by Ville de Montréal, Murales subventionnées · CC BY 4.0',
  );
  await expect(source.getByRole('link')).toHaveAttribute(
    'href',
    'https://donnees.montreal.ca/dataset/murales',
  );
  await expect(page.getByText('Nobody has logged it yet: be the first to find it')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'artwork-open-data');

  await page.goto(`/?lat=${MURAL.latitude}&lng=${MURAL.longitude}&zoom=17&artwork=${MURAL.id}`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('map')).toHaveAttribute('data-artworks', /^[1-9]\d*$/, {
    timeout: 60_000,
  });
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Mural by Yannick Picard' })).toBeVisible();
  await expect(panel.getByTestId('artwork-source')).toContainText('Ville de Montréal');
  await expect(panel.getByText('Not logged by a player yet')).toBeVisible();
  await screenshots(page, 'map-open-data-panel');
});

test('on a phone, a piece tapped low on the map comes up above the sheet it opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  // The map centred 100 m north of the mural: it sits about 220 px below the middle.
  await page.goto(`/?lat=${MURAL.latitude + 0.0009}&lng=${MURAL.longitude}&zoom=17`);
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(map).toHaveAttribute('data-artworks', /^[1-9]\d*$/, { timeout: 60_000 });
  const muralOnScreen = () =>
    map.evaluate((element, at) => {
      const m = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
      const box = element.getBoundingClientRect();
      return box.top + m.project([at.longitude, at.latitude]).y;
    }, MURAL);
  const before = await muralOnScreen();
  // Low on the screen, above the sheet's peek: where the half-open sheet will cover it.
  expect(before).toBeGreaterThan(844 / 2 + 100);
  expect(before).toBeLessThan(844 - 140);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, before - 20);

  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Mural by Yannick Picard' })).toBeVisible();
  // The sheet now covers the lower half: the mural moved up into the half still in view.
  await expect.poll(muralOnScreen).toBeLessThan(844 / 2 - 40);
  await expect.poll(muralOnScreen).toBeGreaterThan(60);
  await screenshots(page, 'map-phone-piece-revealed');
});

/** The ACT Government's 2016 list: Kelleway Ave underpass, Nicholls (record 100138). */
const ACT_WALL = {
  id: 'wall-act-graffiti-sites-2016-100138',
  latitude: -35.17853039,
  longitude: 149.1059851,
};

test('a wall from the 2016 ACT list shows its year and source until players confirm it', async ({
  page,
}) => {
  await signUp(page);
  await page.goto(`/?lat=${ACT_WALL.latitude}&lng=${ACT_WALL.longitude}&zoom=16`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.locator(`li [data-wall-id="${ACT_WALL.id}"]`).click();
  const panel = page.getByTestId('location-panel');
  await expect(panel.getByRole('heading', { name: 'Kelleway Ave Underpass' })).toBeVisible();
  await expect(panel.getByTestId('wall-status')).toHaveText('Unverified');
  await expect(panel.getByTestId('wall-last-confirmed')).toHaveText(
    'Listed by the ACT Government, 2016 — not confirmed since',
  );
  const source = panel.getByTestId('wall-source');
  await expect(source).toContainText('ACT Government, Graffiti Sites (CC BY 4.0)');
  await expect(source.getByRole('link').first()).toHaveAttribute(
    'href',
    'https://www.data.act.gov.au/Infrastructure-and-Utilities/Graffiti-Sites/wdpz-r2ns',
  );
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'map-open-data-wall');
});
