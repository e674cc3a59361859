import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
} from './fixtures.ts';

test('the landing page shows the title, the pitch, the features and the wallet button', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'StreetScope' })).toBeVisible();
  await expect(page.getByText('Street Art Geocaching Game')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join the Revolution' })).toBeVisible();
  await expect(page.getByText('Discover, document, and share urban art worldwide')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Metamask' })).toBeVisible();

  const features = page.getByRole('list', { name: 'Features' }).getByRole('listitem');
  await expect(features).toHaveCount(3);
  for (const label of ['Explore Art', 'Earn Tokens', 'Web3 Ready']) {
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Play the StreetScope trailer' })).toBeVisible();

  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'landing');
});

test('the landing page loads nothing from other hosts until the trailer is played', async ({
  page,
}) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol !== 'data:') {
      foreign.push(req.url());
    }
  });
  // As offline as it gets: any request to another host fails.
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Join the Revolution' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('playing the trailer creates the privacy-enhanced embed, and an unreachable host breaks nothing', async ({
  page,
}) => {
  // No internet: the provider is unreachable.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.abort('internetdisconnected'),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Play the StreetScope trailer' }).click();
  const frame = page.getByTitle('StreetScope trailer');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await expect(frame).toBeFocused();
  await expect(page.getByRole('button', { name: 'Play the StreetScope trailer' })).toHaveCount(0);
  // The rest of the page still works.
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('Get Started opens onboarding', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
});

test('Sign In / Create Account is a full navigation to /api/login', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Sign In / Create Account' });
  await expect(link).toHaveAttribute('href', '/api/login');
  await link.click();
  await expect(page).toHaveURL(/\/api\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('a keyboard user reaches every control on the landing page', async ({ page }) => {
  await page.goto('/');
  // The trailer appears once the public configuration (which names it) has loaded.
  await expect(page.getByRole('button', { name: 'Play the StreetScope trailer' })).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    names.push(
      await page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ??
          document.activeElement?.textContent?.trim() ??
          '',
      ),
    );
  }
  expect(names).toEqual([
    'Connect Metamask',
    'Sign In / Create Account',
    'Get Started',
    'Play the StreetScope trailer',
  ]);
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor with no session reads the landing page, and its links work', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'StreetScope' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join the Revolution' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toHaveAttribute(
      'href',
      '/api/login',
    );
    // The wallet needs the app: its button waits, disabled, rather than ignoring a tap.
    await expect(page.getByRole('button', { name: 'Connect Metamask' })).toBeDisabled();
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});

test('the app takes over the landing page the server sent: no reload, no blank moment', async ({
  page,
}) => {
  // Records any moment, past a mutation batch, in which the page's title had gone (a skeleton
  // put in its place while the app checked who is signed in, say).
  await page.addInitScript(() => {
    const w = window as unknown as { titleGaps: number; sawTitle: boolean };
    w.titleGaps = 0;
    w.sawTitle = false;
    new MutationObserver(() => {
      const present = document.querySelector('h1') !== null;
      if (present) w.sawTitle = true;
      else if (w.sawTitle) w.titleGaps++;
    }).observe(document, { childList: true, subtree: true });
  });
  const answer = await page.goto('/');
  expect(await answer!.text()).toContain('Join the Revolution');
  // The app is running once the public configuration (which names the trailer) has arrived.
  await expect(page.getByRole('button', { name: 'Play the StreetScope trailer' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  expect(await page.evaluate(() => (window as unknown as { titleGaps: number }).titleGaps)).toBe(0);
  // The app's own navigation, not a page load.
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('a signed-in player is never sent the landing page, and gets their map', async ({
  page,
  player,
}) => {
  const answer = await page.goto('/');
  expect(await answer!.text()).not.toContain('Join the Revolution');
  await expect(page.getByRole('banner').getByTestId('player-name')).toHaveText(player.username);
  await expect(page.getByRole('heading', { name: 'Join the Revolution' })).toHaveCount(0);
});
