import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, screenshots, test } from './fixtures.ts';

const SCHEMA = path.resolve(import.meta.dirname, '../test/gpx/gpx-1.1.xsd');
/** The seeded Bondi Sea Wall (src/data/legal-walls.json). */
const BONDI = { latitude: -33.8911, longitude: 151.2772 };

test('Export GPX downloads the walls in view as a GPX 1.1 file that validates', async ({
  page,
  player,
}, testInfo) => {
  expect(player.id).toBeTruthy();
  await page.goto(`/?lat=${BONDI.latitude}&lng=${BONDI.longitude}&zoom=15`);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Map layers' }).click();
  await expect(page.getByRole('button', { name: 'Export GPX' })).toBeVisible();
  await screenshots(page, 'export-gpx');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export GPX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^streetscope-\d{4}-\d\d-\d\d\.gpx$/);
  const file = testInfo.outputPath('in-view.gpx');
  await download.saveAs(file);

  execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], { stdio: 'pipe' });
  const gpx = readFileSync(file, 'utf8');
  expect(gpx).toContain('<name>Bondi Sea Wall</name>');
  expect(gpx).toContain('<type>Legal wall</type>');
  expect(gpx).toMatch(/<wpt lat="-33\.89\d+" lon="151\.27\d+">/);
});
