import { expect, screenshots, test, toasts, uniqueName } from './fixtures.ts';

test('a new player continues with a provider, picks a username, lands on the map, and comes back to the same account', async ({
  page,
}) => {
  const login = uniqueName('oidc');
  const username = `${login}_x`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In / Create Account' }).click();
  await expect(page).toHaveURL(/\/api\/login/);
  await screenshots(page, 'oidc-sign-in-page');
  await page.getByRole('link', { name: 'Continue with Test ID' }).click();

  // The provider's own login page.
  await expect(page.getByRole('heading', { name: 'Test provider' })).toBeVisible();
  await page.getByLabel('Account name').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL('/api/login/oidc/username');
  await expect(page.getByRole('heading', { name: 'Choose a username' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(login);
  await screenshots(page, 'oidc-choose-username');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Enter StreetScope' }).click();
  await page.getByRole('link', { name: 'Skip Setup' }).click();
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('player-name')).toHaveText(username);
  const me = await (await page.request.get('/api/auth/user')).json();

  await header.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In / Create Account' }).click();
  await page.getByRole('link', { name: 'Continue with Test ID' }).click();
  // The provider still knows this browser or asks again: either way the same account.
  if (await page.getByLabel('Account name').isVisible()) {
    await page.getByLabel('Account name').fill(login);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByTestId('player-name')).toHaveText(username);
  expect((await (await page.request.get('/api/auth/user')).json()).id).toBe(me.id);
});

test('the profile lists the provider as linked; a first password then signs in too', async ({
  page,
}) => {
  const login = uniqueName('oidcp');
  await page.goto('/api/login');
  await page.getByRole('link', { name: 'Continue with Test ID' }).click();
  await page.getByLabel('Account name').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Enter StreetScope' }).click();
  await page.getByRole('link', { name: 'Skip Setup' }).click();
  await expect(page.getByRole('banner').getByTestId('player-name')).toHaveText(login);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(card.getByText('Test ID')).toBeVisible();
  await expect(card.getByText(/^Linked /)).toBeVisible();
  // The only way into this account: it cannot be unlinked.
  await expect(card.getByRole('button', { name: 'Unlink Test ID' })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'oidc-profile-card');

  // No password yet: the card sets a first one, and recovery codes wait for it.
  const recovery = page.getByRole('region', { name: 'Recovery codes' });
  await expect(
    recovery.getByText('Set a password first: a recovery code replaces it.'),
  ).toBeVisible();
  const passwordCard = page.getByRole('region', { name: 'Password' });
  await expect(passwordCard.getByLabel('Current password')).toHaveCount(0);
  await passwordCard.getByLabel('Password', { exact: true }).fill('chalk lines on brick');
  await passwordCard.getByRole('button', { name: 'Set password' }).click();
  await expect(toasts(page).getByText('Password Set')).toBeVisible();
  await expect(passwordCard.getByLabel('Current password')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unlink Test ID' })).toBeEnabled();
  await expect(recovery.getByRole('button', { name: 'Make recovery codes' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/api/login');
  await page.getByLabel('Username').fill(`${login}`);
  await page.getByLabel('Password').fill('chalk lines on brick');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByTestId('player-name')).toHaveText(login);
});
