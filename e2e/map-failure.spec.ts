import { expect, test, SIGNED_IN } from './fixtures.ts';

// A browser without WebGL: the map cannot start at all.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-3d-apis',
    ],
  },
});

test('without WebGL the map says so, with fix steps and a reload', SIGNED_IN, async ({ page }) => {
  await page.goto('/');
  const failure = page.getByTestId('map-failure');
  await expect(failure.getByRole('heading', { name: 'Map Not Available' })).toBeVisible();
  await expect(failure.getByText(/hardware acceleration \(WebGL\)/)).toBeVisible();
  await expect(page.getByText('Loading Advanced Mapping')).toHaveCount(0);
  // The rest of the screen still works.
  await expect(page.getByRole('button', { name: 'Capture' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { beforeRetry: boolean }).beforeRetry = true));
  await failure.getByRole('button', { name: 'Retry Loading Map' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry))
    .toBeUndefined();
  await expect(failure.getByRole('heading', { name: 'Map Not Available' })).toBeVisible();
});
