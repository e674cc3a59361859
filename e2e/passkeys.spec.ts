import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  PASSWORD,
  screenshots,
  test,
} from './fixtures.ts';

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol): the device's screen
 * lock always answers yes, and the passkeys it makes are discoverable.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Adds a passkey from the profile's Passkeys card; answers the card. */
async function addPasskeyOnProfile(page: Page) {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(
    1,
  );
  return card;
}

/** Signs out from the sign-in page, where no open screen asks the API anything afterwards. */
async function signOut(page: Page) {
  await page.goto('/api/login');
  await page.request.post('/api/logout');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
}

test('a player adds a passkey, names it, signs out and signs back in with it, no username typed', async ({
  page,
  player,
}) => {
  await addVirtualAuthenticator(page);
  const card = await addPasskeyOnProfile(page);
  const row = card.getByRole('listitem');
  // Named after the device it was made on until the player names it.
  await expect(row).toContainText('Chrome on');
  await expect(row).toContainText('Not used yet');

  await row.getByRole('button', { name: /^Rename passkey/ }).click();
  await row.getByLabel('Passkey name').fill('  Studio laptop ');
  await row.getByRole('button', { name: 'Save name' }).click();
  await expect(row).toContainText('Studio laptop');
  await expect(row.getByRole('button', { name: 'Rename passkey: Studio laptop' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-passkeys');

  await signOut(page);
  await page.goto('/api/login?returnTo=%2Fprofile');
  await expect(page.getByLabel('Username')).toHaveValue('');
  await screenshots(page, 'sign-in-with-passkey');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // Where a password sign-in goes: back to where the player was.
  await page.waitForURL('**/profile');
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me.id).toBe(player.id);
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')).toContainText(
    'Last used',
  );
});

test('a removed passkey no longer signs in, and says so', async ({
  page,
  player,
  expectFailure,
}) => {
  await addVirtualAuthenticator(page);
  const card = await addPasskeyOnProfile(page);
  await card.getByRole('button', { name: /^Remove passkey/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('It will no longer sign you in');
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(card.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);

  await signOut(page);
  expectFailure('/api/passkeys/sign-in', 401);
  await page.goto('/api/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'That passkey is not linked to any account here: it may have been removed.',
  );
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The password still signs in.
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await (await page.request.get('/api/auth/user')).json()).id).toBe(player.id);
});

test('a replayed passkey answer is refused', async ({ page, player, expectFailure }) => {
  await addVirtualAuthenticator(page);
  await addPasskeyOnProfile(page);
  await signOut(page);

  let answer: string | null = null;
  await page.route('**/api/passkeys/sign-in', async (route) => {
    answer = route.request().postData();
    await route.continue();
  });
  await page.goto('/api/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await (await page.request.get('/api/auth/user')).json()).id).toBe(player.id);

  await signOut(page);
  expectFailure('/api/passkeys/sign-in', 401);
  const replay = await page.request.post('/api/passkeys/sign-in', {
    headers: { 'content-type': 'application/json' },
    data: answer!,
  });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toEqual({
    message: 'This passkey sign-in has expired. Please try again.',
  });
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
