import type { Page } from '@playwright/test';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { STREET_LAYER_PREFIX } from '../src/client/features/map/basemap/street-names.ts';
import { TEST_BASEMAP } from '../test/basemap-archive.ts';
import { EMPTY_URL, expect } from './fixtures.ts';

/** The empty server is configured with the suite's own archive (playwright.config.ts). */
const { latitude, longitude } = TEST_BASEMAP.centre;
export const AT_ZOOM_16 = `${EMPTY_URL}/?lat=${latitude}&lng=${longitude}&zoom=16`;
export const map = (page: Page) => page.getByTestId('map');

/** Names on the road lines and text labels the map has drawn from one use of the street map. */
export async function renderedStreets(page: Page, use: keyof typeof STREET_LAYER_PREFIX) {
  const [include, exclude] =
    use === 'standard'
      ? [STREET_LAYER_PREFIX.standard, STREET_LAYER_PREFIX.overImagery]
      : [STREET_LAYER_PREFIX.overImagery, null];
  return map(page).evaluate(
    (element, { include, exclude }) => {
      const m = (element as HTMLElement & { maplibre: MapLibreMap }).maplibre;
      const layers = m
        .getStyle()
        .layers.filter((l) => l.id.startsWith(include) && !(exclude && l.id.startsWith(exclude)))
        .map((l) => l.id);
      const names = (type: string) => [
        ...new Set(
          m
            .queryRenderedFeatures({ layers })
            .filter((f) => f.layer.type === type && typeof f.properties.name === 'string')
            .map((f) => String(f.properties.name)),
        ),
      ];
      return { roads: names('line'), labels: names('symbol') };
    },
    { include, exclude },
  );
}

/** Once the map is ready, the Standard Satellite view: the street map drawn on its own. */
export async function showStandardSatellite(page: Page) {
  await expect(map(page)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Advanced Controls' }).click();
  const panel = page.getByTestId('imaging-controls');
  await panel.getByRole('button', { name: /Standard Satellite/ }).click();
  await expect(map(page)).toHaveAttribute('data-map-type', 'standard_satellite');
  await panel.getByRole('button', { name: 'Close imaging controls' }).click();
}
