import { expect, screenshots, test } from './fixtures.ts';
import { forgiveOfflineLoadErrors, underWorker } from './pwa.ts';

// These specs are about the service worker, which the suite otherwise blocks. The map home
// stays still (no pulsing dot): what it shows offline is checked, not its motion.
test.use({ serviceWorkers: 'allow', reducedMotion: 'reduce' });

test('reopened offline, the app shows the map home, the player and the walls they saw, and since when', async ({
  page,
  context,
  player,
  consoleErrors,
}) => {
  await underWorker(page);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('player-name')).toHaveText(player.username);
  const nearest = page.getByRole('list', { name: 'Nearest legal walls' }).getByRole('button');
  await expect(nearest.first()).toContainText('Murwillumbah levee wall');
  // The player saw their map: its code and worker came through the worker, which keeps them.
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  // Online, nothing says offline.
  await expect(page.getByText(/^Offline/)).toHaveCount(0);
  const seenBy = new Date();

  await context.setOffline(true);
  await page.reload();

  // The shell came from the worker, the answers from its cache.
  await expect(header.getByTestId('player-name')).toHaveText(player.username);
  await expect(header.getByText('Level 1 • 0 Discoveries')).toBeVisible();
  await expect(page.getByTestId('token-count')).toHaveText('0 tokens');
  await expect(nearest.first()).toContainText('Murwillumbah levee wall');
  const banner = page.getByRole('status').filter({ hasText: /^Offline/ });
  await expect(banner).toHaveText(/^Offline — showing what you saw at \d\d:\d\d$/);
  const shown = (await banner.textContent())!.slice(-5);
  const clock = (d: Date) => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  // The answer was given between the first visit and going offline.
  expect([clock(new Date(seenBy.getTime() - 60_000)), clock(seenBy)]).toContain(shown);

  await screenshots(page, 'offline-banner');
  forgiveOfflineLoadErrors(consoleErrors);

  // Back online, the next live answer ends it.
  await context.setOffline(false);
  await expect(async () => {
    await page.reload();
    await expect(header.getByTestId('player-name')).toHaveText(player.username);
    await expect(banner).toHaveCount(0, { timeout: 2000 });
  }).toPass();
});

test("a player signing in after another never sees the first player's kept answers", async ({
  player,
  page,
  context,
  consoleErrors,
}) => {
  await underWorker(page);
  const name = page.getByRole('banner').getByTestId('player-name');
  await expect(name).toHaveText(player.username);

  // The same device: the first player signs out, a second signs up and opens the app.
  await page.goto('/api/logout');
  await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  const second = `next_${Date.now().toString(36)}`;
  const res = await page.request.post('/api/signup', {
    data: { username: second, password: 'bright colours on grey walls' },
  });
  expect(res.status()).toBe(200);
  const me = await (await page.request.get('/api/auth/user')).json();
  await page.evaluate(
    (id) => localStorage.setItem(`streetscope:character-created:${id}`, 'e2e'),
    me.id,
  );
  await page.goto('/');
  await expect(name).toHaveText(second);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });

  // Offline, what the device kept is the second player's alone.
  await context.setOffline(true);
  await page.reload();
  await expect(name).toHaveText(second);
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('player-reads');
    const answer = await cache.match('/api/auth/user');
    return answer ? ((await answer.json()) as { username: string }).username : null;
  });
  expect(kept).toBe(second);
  forgiveOfflineLoadErrors(consoleErrors);
});
