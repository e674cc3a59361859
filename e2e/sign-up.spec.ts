import { expect, test, uniqueName } from './fixtures.ts';

const password = 'bright colours on grey walls';

test('a new player creates an account on /api/login and lands on / signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In / Create Account' }).click();
  await expect(page).toHaveURL(/\/api\/login/);
  await page.getByRole('link', { name: 'Create account' }).click();

  const username = uniqueName('neon');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${username}`);
  await expect(page.getByText('Level 1 • 0 Discoveries')).toBeVisible();

  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username, level: 1, tokens: 0, discoveries: 0 });

  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/home-signed-in-${size.width}.png` });
  }

  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('signing in with a wrong password shows one clear message and keeps the name', async ({
  page,
}) => {
  const username = uniqueName('wall');
  await page.goto('/api/login?mode=signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.getByRole('link', { name: 'Sign Out' }).click();

  await page.goto('/api/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('not my password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/login-error-${size.width}.png` });
  }

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${username}`);
});
