import {
  expect,
  expectNoSidewaysScroll,
  screenshots,
  test,
  toasts,
  SIGNED_IN,
} from './fixtures.ts';
import {
  FAKE_ACCOUNT,
  FAKE_ACCOUNT_SHORT,
  installFakeWallet,
  OTHER_ACCOUNT_SHORT,
  stubWindowOpen,
  wallet,
  WALLET_DOWNLOAD_URL,
} from './wallet-provider.ts';

/** SPEC §4 wallet states and §8 wallet toasts, driven through a fake EIP-1193 wallet. */

const connectButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'Connect Metamask' });
const addressButton = (page: import('@playwright/test').Page, short: string) =>
  page.getByRole('button', { name: new RegExp(short.replace(/\./g, '\\.')) });

test('connecting on the landing page shows the short address and a toast', async ({ page }) => {
  await installFakeWallet(page);
  await page.goto('/');
  await connectButton(page).click();
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();
  await expect(toasts(page).getByText('Wallet Connected', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText(`Connected to ${FAKE_ACCOUNT_SHORT}`, { exact: true }),
  ).toBeVisible();
  expect(await wallet.calls(page)).toEqual(
    expect.arrayContaining(['eth_accounts', 'eth_requestAccounts', 'eth_chainId']),
  );
  // The toast sits over the top-right corner; close it to see the button.
  await toasts(page).getByRole('button', { name: 'Dismiss notification' }).click();
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'landing-wallet-connected');

  // Clicking the address disconnects locally.
  await addressButton(page, FAKE_ACCOUNT_SHORT).click();
  await expect(toasts(page).getByText('Wallet Disconnected', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Your wallet has been disconnected.', { exact: true }),
  ).toBeVisible();
  await expect(connectButton(page)).toBeVisible();
});

test('a rejected request (4001) says so and stays disconnected', async ({ page }) => {
  await installFakeWallet(page);
  await page.goto('/');
  await wallet.set(page, { reject: true });
  await connectButton(page).click();
  await expect(toasts(page).getByText('Connection Rejected', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Please connect your wallet to continue.', { exact: true }),
  ).toBeVisible();
  await expect(connectButton(page)).toBeEnabled();
});

test('another failure shows the landing message there and the hook message in onboarding', async ({
  page,
}) => {
  await installFakeWallet(page);
  await page.goto('/');
  await wallet.set(page, { fail: true });
  await connectButton(page).click();
  await expect(toasts(page).getByText('Connection Failed', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Failed to connect to Metamask wallet', { exact: true }),
  ).toBeVisible();
  await expect(connectButton(page)).toBeEnabled();

  await page.goto('/onboarding');
  await wallet.set(page, { fail: true });
  await connectButton(page).click();
  await expect(
    toasts(page).getByText('Failed to connect to MetaMask. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(connectButton(page)).toBeEnabled();
});

test('an account change updates the button; an empty list disconnects', async ({ page }) => {
  await installFakeWallet(page);
  await page.goto('/');
  await connectButton(page).click();
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();

  await wallet.emit(page, 'accountsChanged', ['0xabcdef0123456789abcdef0123456789abcd4321']);
  await expect(addressButton(page, OTHER_ACCOUNT_SHORT)).toBeVisible();

  await wallet.emit(page, 'accountsChanged', []);
  await expect(connectButton(page)).toBeVisible();
});

test('a chain change updates the chain id, and switching to mainnet works', async ({ page }) => {
  await installFakeWallet(page, { authorised: [FAKE_ACCOUNT] });
  await page.goto('/onboarding');
  await expect(page.getByText('Network: Ethereum Mainnet')).toBeVisible();

  await wallet.emit(page, 'chainChanged', '0x89');
  await expect(page.getByText(/Network: 0x89/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'onboarding-wrong-network');

  await page.getByRole('button', { name: 'Switch to Ethereum Mainnet' }).click();
  await expect(page.getByText('Network: Ethereum Mainnet')).toBeVisible();
  expect(await wallet.calls(page)).toContain('wallet_switchEthereumChain');
});

test('a chain the wallet does not know (4902) asks for a manual switch', async ({ page }) => {
  await installFakeWallet(page, { authorised: [FAKE_ACCOUNT], chainId: '0xaa36a7' });
  await page.goto('/onboarding');
  await wallet.set(page, { switchError: 4902 });
  await page.getByRole('button', { name: 'Switch to Ethereum Mainnet' }).click();
  await expect(toasts(page).getByText('Network Switch Required', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Please switch to Ethereum mainnet in MetaMask.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/Network: 0xaa36a7/)).toBeVisible();
});

test('an already-authorised account is picked up on load, unless the player disconnected', async ({
  page,
}) => {
  await installFakeWallet(page, { authorised: [FAKE_ACCOUNT] });
  await page.goto('/');
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();
  expect(await wallet.calls(page)).not.toContain('eth_requestAccounts');
  await expect(toasts(page).getByText('Wallet Connected')).toHaveCount(0);

  // An explicit disconnect is remembered on this device.
  await addressButton(page, FAKE_ACCOUNT_SHORT).click();
  await expect(connectButton(page)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Join the Revolution' })).toBeVisible();
  // Enabled once the app runs (the page the server sends shows it disabled until then).
  await expect(connectButton(page)).toBeEnabled();
  expect(await wallet.calls(page)).toContain('eth_accounts');

  // Connecting again clears it.
  await connectButton(page).click();
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();
  await page.reload();
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();
});

test('with no wallet, the download page opens in a new tab', async ({ page }) => {
  await stubWindowOpen(page);
  await page.goto('/');
  await connectButton(page).click();
  expect(await wallet.opened(page)).toEqual([
    { url: WALLET_DOWNLOAD_URL, target: '_blank', features: expect.stringContaining('noopener') },
  ]);
  await expect(connectButton(page)).toBeVisible();

  await page.goto('/onboarding');
  await connectButton(page).click();
  expect((await wallet.opened(page)).map((o) => o.url)).toEqual([WALLET_DOWNLOAD_URL]);
});

test('EIP-6963: MetaMask is preferred when several wallets announce themselves', async ({
  page,
}) => {
  await installFakeWallet(page, { exposure: 'eip6963-two-wallets' });
  await page.goto('/');
  await connectButton(page).click();
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();
  expect(await wallet.calls(page)).toContain('eth_requestAccounts');
});

test('EIP-6963 alone (no window.ethereum) is enough', async ({ page }) => {
  await installFakeWallet(page, { exposure: 'eip6963' });
  await page.goto('/');
  expect(await page.evaluate(() => 'ethereum' in window)).toBe(false);
  await connectButton(page).click();
  await expect(addressButton(page, FAKE_ACCOUNT_SHORT)).toBeVisible();
});

test('provider listeners are removed when no screen uses the wallet', async ({ page }) => {
  await installFakeWallet(page);
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Connect Your Wallet' })).toBeVisible();
  expect(await wallet.listenerCount(page, 'accountsChanged')).toBe(1);
  expect(await wallet.listenerCount(page, 'chainChanged')).toBe(1);
  await page.getByRole('button', { name: 'Skip for now (Limited Access)' }).click();
  await expect(page.getByRole('heading', { name: 'VIP Membership' })).toBeVisible();
  expect(await wallet.listenerCount(page, 'accountsChanged')).toBe(0);
  expect(await wallet.listenerCount(page, 'chainChanged')).toBe(0);
});

test(
  'the map home header asks for MetaMask when no wallet is installed',
  SIGNED_IN,
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect' }).click();
    await expect(toasts(page).getByText('MetaMask Required', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('Please install MetaMask to connect your wallet.', { exact: true }),
    ).toBeVisible();
  },
);
