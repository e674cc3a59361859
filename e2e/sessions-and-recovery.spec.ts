import { readFile } from 'node:fs/promises';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  PASSWORD,
  screenshots,
  test,
} from './fixtures.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const NEW_PASSWORD = 'fresh coat on the old bridge';

test('a player ends the session of another device from the profile; it is signed out', async ({
  page,
  player,
  browser,
  baseURL,
}) => {
  const phone = await browser.newContext({ baseURL, userAgent: ANDROID_CHROME });
  const phonePage = await phone.newPage();
  const signIn = await phonePage.request.post('/api/login', {
    data: { username: player.username, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  expect((await phonePage.request.get('/api/auth/user')).status()).toBe(200);

  await page.goto('/profile');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const rows = sessions.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'This device' })).not.toContainText('Chrome on Android');
  const other = rows.filter({ hasText: 'Chrome on Android' });
  await expect(other).toContainText('Place unknown');
  await expect(other).toContainText('Last seen');
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await sessions.scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-sessions');

  await other.getByRole('button', { name: /^End session: Chrome on Android/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'End all other sessions' })).toBeHidden();

  // The phone's next request finds itself signed out.
  await phonePage.goto('/');
  await expect(phonePage.getByRole('link', { name: 'Sign In / Create Account' })).toBeVisible();
  expect((await phonePage.request.get('/api/auth/user')).status()).toBe(401);
  // This device stays signed in.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await phone.close();
});

test('a player who forgot the password gets back in with a recovery code, once', async ({
  page,
  player,
  expectFailure,
}) => {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Recovery codes' });
  await expect(card).toContainText('No recovery codes yet');
  await card.getByRole('button', { name: 'Make recovery codes' }).click();
  await card.getByLabel('Your password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Show my new codes' }).click();
  const shown = card.getByRole('list', { name: 'Your new recovery codes' }).getByRole('listitem');
  // The password check and ten code hashes are eleven scrypts at the production cost: seconds on
  // a busy 2-core runner.
  await expect(shown).toHaveCount(10, { timeout: 60_000 });
  const code = (await shown.nth(2).textContent())!.trim();
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expectNoSeriousAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-recovery-codes');

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`streetscope-recovery-codes-${player.username}.txt`);
  expect(await readFile((await download.path())!, 'utf8')).toContain(code);
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByTestId('recovery-codes-left')).toContainText('10 codes left');

  // Signed out, password forgotten: "Forgot password?" on the sign-in page.
  await page.request.post('/api/logout');
  await page.goto('/api/login?returnTo=%2Fprofile');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Recovery code').fill(code);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'recovery-form');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(card.getByTestId('recovery-codes-left')).toContainText('9 codes left');

  // The same code a second time is refused, and nothing changes.
  await page.request.post('/api/logout');
  await page.goto('/api/login?mode=recover');
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Recovery code').fill(code);
  await page.getByLabel('New password').fill('another password entirely');
  expectFailure(/\/api\/recover$/, 401);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or recovery code.');
  await screenshots(page, 'recovery-form-refused');

  // The new password signs in.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});
