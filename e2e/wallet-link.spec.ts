import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  screenshots,
  signUp,
  test,
  toasts,
} from './fixtures.ts';
import { installFakeWallet, newSigner, wallet } from './wallet-provider.ts';

/**
 * Linking a wallet with Sign-In with Ethereum (EIP-4361): the injected wallet signs with a real
 * viem key, so the server checks a genuine signature and recovers the address itself.
 */

const walletSection = (page: Page) => page.getByRole('region', { name: 'Wallet' });

async function connectFromHeader(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect' }).click();
}

/**
 * The toast a header connect ends with: after the account, a nonce round trip, a signature and
 * the link, one after another, which on a busy 2-core runner can outlast the usual 10 s.
 */
const LINKED = { timeout: 60_000 };

// Where these tests pass the map home, its camera lands at once and the player's dot stays still:
// what they check is where things end up, not how they move.
test.use({ reducedMotion: 'reduce' });

test('a player links a wallet by signing, sees it on the profile, and a replayed signature is refused', async ({
  page,
  player: _player,
}) => {
  const signer = newSigner();
  await installFakeWallet(page, { signer });
  const linkRequest = page.waitForRequest(
    (r) => r.url().endsWith('/api/wallet/link') && r.method() === 'POST',
  );
  await connectFromHeader(page);
  await expect(toasts(page).getByText('Wallet Connected', { exact: true })).toBeVisible(LINKED);
  const proof = (await linkRequest).postDataJSON() as { message: string; signature: string };
  expect(proof.message).toContain(`${new URL(page.url()).host} wants you to sign in`);
  expect(proof.message).toContain(signer.address);
  expect(await page.evaluate(() => window.__wallet.calls)).toContain('personal_sign');

  await page.goto('/profile');
  await expect(walletSection(page).getByTestId('linked-address')).toHaveText(signer.address);
  await expect(walletSection(page)).toContainText('Proven by signature on');
  await expectNoSeriousAxeViolations(page);
  await walletSection(page).scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-wallet-linked');

  // The same message and signature again: the nonce was used, so it proves nothing now.
  const replay = await page.request.post('/api/wallet/link', { data: proof });
  expect(replay.status()).toBe(400);
  expect((await replay.json()).message).toMatch(/expired or was already used/);
  const still = await (await page.request.get('/api/wallet')).json();
  expect(still.wallet.address).toBe(signer.address);

  await walletSection(page).getByRole('button', { name: 'Unlink wallet' }).click();
  await expect(toasts(page).getByText('Wallet Unlinked', { exact: true })).toBeVisible();
  await expect(walletSection(page)).toContainText('No wallet linked yet');
  expect((await (await page.request.get('/api/wallet')).json()).wallet).toBeNull();
});

test('the profile links a wallet that is not connected yet; refusing to sign links nothing', async ({
  page,
  player: _player,
}) => {
  const signer = newSigner();
  await installFakeWallet(page, { signer });
  await page.goto('/profile');
  await wallet.set(page, { rejectSign: true });
  const link = walletSection(page).getByRole('button', { name: 'Link wallet' });
  await link.click();
  await expect(toasts(page).getByText('Wallet Not Linked', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Sign the message in your wallet to link it to your account.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(walletSection(page)).toContainText('No wallet linked yet');

  await wallet.set(page, { rejectSign: false });
  await link.click();
  await expect(walletSection(page).getByTestId('linked-address')).toHaveText(signer.address);
});

test('a wallet linked to another account is refused with the reason, and stays with its owner', async ({
  page,
  player: _first,
  expectFailure,
}) => {
  // The second account's proof is refused: the address is the first account's.
  expectFailure('/api/wallet/link', 409);
  const signer = newSigner();
  await installFakeWallet(page, { signer });
  await connectFromHeader(page);
  await expect(toasts(page).getByText('Wallet Connected', { exact: true })).toBeVisible(LINKED);

  // Signing up again swaps the session cookie in one step, so the open map never goes unsigned.
  await signUp(page);
  await connectFromHeader(page);
  // One toast with both lines, checked at once: it closes after 5 s.
  await expect(
    toasts(page)
      .locator('li', { hasText: 'Wallet Not Linked' })
      .filter({ hasText: 'This wallet is already linked to another account.' }),
  ).toBeVisible(LINKED);
  await page.goto('/profile');
  await expect(walletSection(page)).toContainText('No wallet linked yet');
});

test('the map home header connects (first 4 characters shown); disconnecting there unlinks', async ({
  page,
  player: _player,
}) => {
  const signer = newSigner();
  await installFakeWallet(page, { signer });
  await connectFromHeader(page);
  await expect(toasts(page).getByText('Wallet Connected', { exact: true })).toBeVisible(LINKED);
  const header = page.getByRole('banner');
  const connected = header.getByRole('button', { name: /Disconnect wallet/ });
  await expect(connected).toHaveText(`${signer.address.slice(0, 4)}...`);
  await expect
    .poll(async () => (await (await page.request.get('/api/wallet')).json()).wallet?.address)
    .toBe(signer.address);
  await connected.click();
  await expect(toasts(page).getByText('Wallet Disconnected', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get('/api/wallet')).json()).wallet)
    .toBeNull();
});
