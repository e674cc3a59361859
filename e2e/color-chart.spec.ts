import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
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
  range: 'basic' | 'pro';
  source: string;
}
const fullChart: Colour[] = JSON.parse(
  readFileSync(new URL('../src/data/color-chart.json', import.meta.url), 'utf8'),
);
/** A new player is not Pro: they see the basic range. */
const chart = fullChart.filter((c) => c.range === 'basic');

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
  await expect(
    page.getByText(
      `Pro unlocks the full chart of ${fullChart.length} colours (${fullChart.length - chart.length} more).`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Pro' })).toHaveAttribute('href', '/subscribe');
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

/** A PNG of vertical stripes, each colour as wide as its share: a stand-in for a wall photo. */
async function stripes(parts: [string, number][]): Promise<Buffer> {
  // Small enough that the page samples it unscaled, so no edge pixels are blended.
  const width = 90;
  const height = 60;
  const raw = Buffer.alloc(width * height * 4);
  const columns = parts.flatMap(([hex, share]) =>
    Array<string>(Math.round(share * width)).fill(hex),
  );
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = Number.parseInt(columns[x]!.slice(1), 16);
      raw.set([(n >> 16) & 255, (n >> 8) & 255, n & 255, 255], (y * width + x) * 4);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

test('colour chart: Match my photo finds the photo colours and the nearest cans, on the device', async ({
  page,
  player: _player,
}) => {
  const pink = chart.find((c) => c.name === 'Neon Pink')!;
  const cobalt = chart.find((c) => c.name === 'Cobalt')!;
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') uploads.push(r.url());
  });
  await page.goto('/color-chart');
  await expect(page.getByRole('heading', { name: 'Match my photo' })).toBeVisible();

  // A wall that is 60% Neon Pink and 40% a blue a little off Cobalt.
  await page.getByLabel('Pick a photo').setInputFiles({
    name: 'wall.png',
    mimeType: 'image/png',
    buffer: await stripes([
      [pink.hex, 0.6],
      ['#2050D0', 0.4],
    ]),
  });
  const result = page.getByTestId('photo-match-result');
  await expect(result.getByRole('img', { name: 'Your photo' })).toBeVisible();
  const rows = result.getByTestId('photo-colour');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${pink.hex} · 60% of the photo`);
  await expect(rows.nth(0).getByTestId('photo-match').first()).toContainText(
    `${pink.name} · ${pink.code}`,
  );
  await expect(rows.nth(0).getByTestId('photo-match').first()).toContainText('ΔE 0.0 · near exact');
  await expect(rows.nth(1)).toContainText('#2050D0 · 40% of the photo');
  await expect(rows.nth(1).getByTestId('photo-match').first()).toContainText(cobalt.name);
  await expect(rows.nth(1).getByTestId('photo-match')).toHaveCount(3);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'color-chart-photo-match');
  await expectNoSidewaysScroll(page);
  expect(uploads, 'nothing is sent anywhere').toEqual([]);

  // Not a photo: a clear message, and the last result is kept.
  await page.getByLabel('Pick another photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByRole('alert')).toHaveText('That file is not a photo. Pick an image.');
  // A broken image file.
  await page.getByLabel('Pick another photo').setInputFiles({
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: Buffer.from('definitely not a png'),
  });
  await expect(page.getByRole('alert')).toHaveText('Could not read that photo. Try a JPEG or PNG.');
  await expect(result).toHaveCount(0);
});
