import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
  toasts,
} from './fixtures.ts';

interface Colour {
  code: string;
  name: string;
  hex: string;
  group: string;
  source: string;
}
const chart: Colour[] = JSON.parse(
  readFileSync(new URL('../src/data/color-chart.json', import.meta.url), 'utf8'),
);

const swatch = (page: Page, name: string) =>
  page.getByTestId('swatch').filter({ hasText: new RegExp(`^${name}`) });

test('colour chart: the Series 1 page, groups and search by name or code', async ({
  page,
  player: _player,
}) => {
  await page.goto('/color-chart');
  await expect(page.getByRole('heading', { name: 'StreetScope Series 1' })).toBeVisible();
  await expect(page.getByText('Professional quality spray paint')).toBeVisible();
  await expect(page.getByRole('img', { name: /Series 1 spray cans/ })).toBeVisible();
  await expect(page.getByTestId('swatch')).toHaveCount(chart.length);
  for (const group of new Set(chart.map((c) => c.group))) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${group}`) })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'color-chart');
  await expectNoSidewaysScroll(page);

  const search = page.getByRole('searchbox', { name: 'Search colours' });
  await search.fill('PINK');
  const pinks = chart.filter((c) => c.name.toLowerCase().includes('pink'));
  expect(pinks.length).toBeGreaterThan(0);
  await expect(page.getByTestId('swatch')).toHaveCount(pinks.length);
  await expect(page.getByText(`${pinks.length} of ${chart.length} colours match`)).toBeVisible();

  const one = chart[7]!;
  await search.fill(one.code.toLowerCase());
  await expect(page.getByTestId('swatch')).toHaveCount(1);
  await expect(page.getByTestId('swatch')).toContainText(one.name);

  await search.fill('no such colour');
  await expect(page.getByRole('heading', { name: 'No colours found' })).toBeVisible();
  await expect(page.getByTestId('swatch')).toHaveCount(0);
  await screenshots(page, 'color-chart-no-match');
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(page.getByTestId('swatch')).toHaveCount(chart.length);
});

test('colour chart: swatch labels are dark on light colours and light on dark ones', async ({
  page,
  player: _player,
}) => {
  await page.goto('/color-chart');
  const lightest = chart.find((c) => c.name === 'Chalk White')!;
  const darkest = chart.find((c) => c.name === 'Blackout')!;
  await expect(swatch(page, lightest.name)).toHaveAttribute('data-label-tone', 'dark');
  await expect(swatch(page, lightest.name)).toHaveCSS('color', 'rgb(12, 12, 16)');
  await expect(swatch(page, darkest.name)).toHaveAttribute('data-label-tone', 'light');
  await expect(swatch(page, darkest.name)).toHaveCSS('color', 'rgb(255, 255, 255)');

  // Every label reaches WCAG AA (4.5:1) against its own swatch.
  const ratios = await page.getByTestId('swatch').evaluateAll((els) => {
    const lum = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return els.map((el) => {
      const style = getComputedStyle(el);
      const [a, b] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
      return { text: el.textContent, ratio: (a! + 0.05) / (b! + 0.05) };
    });
  });
  for (const r of ratios) expect(r.ratio, r.text ?? '').toBeGreaterThanOrEqual(4.5);
});

test('colour chart: a tap copies the hex code and says so', async ({
  page,
  context,
  player: _player,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/color-chart');
  const colour = chart.find((c) => c.name === 'Neon Pink') ?? chart[0]!;
  await swatch(page, colour.name).click();
  const toast = toasts(page);
  await expect(toast).toContainText('Copied');
  await expect(toast).toContainText(`${colour.name} ${colour.hex}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(colour.hex);
  await screenshots(page, 'color-chart-copied');
});

test('colour chart: a refused clipboard still shows the hex code', async ({
  page,
  player: _player,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  await page.goto('/color-chart');
  const colour = chart[0]!;
  await swatch(page, colour.name).click();
  const toast = toasts(page);
  await expect(toast.getByText('Could not copy', { exact: true })).toBeVisible();
  await expect(toast).toContainText(`${colour.name} is ${colour.hex}`);
});
