import {
  expect,
  expectNoSeriousAxeViolations,
  PASSWORD,
  screenshots,
  test,
  uniqueName,
} from './fixtures.ts';

test('a new player creates an account on /api/login and lands on / signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In / Create Account' }).click();
  await expect(page).toHaveURL(/\/api\/login/);
  await page.getByRole('link', { name: 'Create account' }).click();

  const username = uniqueName('neon');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/$/);
  // A new account's first visit starts with character creation.
  await expect(page.getByRole('button', { name: 'Enter StreetScope' })).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ username, level: 1, tokens: 0, discoveries: 0 });
});

test('signing in with a wrong password shows one clear message and keeps the name', async ({
  page,
  expectFailure,
}) => {
  // The refused sign-in answers 401 with the form again.
  expectFailure(/\/api\/login$/, 401);
  const username = uniqueName('wall');
  await page.request.post('/api/signup', { data: { username, password: PASSWORD } });
  await page.request.get('/api/logout');

  await page.goto('/api/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('not my password at all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'login-error');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await (await page.request.get('/api/auth/user')).json()).username).toBe(username);
});

test('a new account made from a deep link meets its artist, then onboarding once, then that page', async ({
  page,
}) => {
  await page.goto('/collection');
  await expect(page).toHaveURL('/api/login?returnTo=%2Fcollection');
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/api/login?mode=signup&returnTo=%2Fcollection');
  await page.getByLabel('Username').fill(uniqueName('deep'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/collection');
  await page.getByRole('button', { name: 'Enter StreetScope' }).click();
  await expect(page).toHaveURL('/onboarding?then=%2Fcollection');
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip Setup' }).click();

  await expect(page).toHaveURL('/collection');
  await expect(page.getByRole('heading', { name: 'NFT Collection', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'NFT Collection', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Getting Started' })).toHaveCount(0);
});
