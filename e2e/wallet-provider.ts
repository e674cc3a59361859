import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/**
 * A fake browser wallet for the browser suite: an EIP-1193 provider injected before the page's
 * scripts run, steered from the test through `window.__wallet`:
 *
 *   __wallet.reject = true        eth_requestAccounts fails with 4001 (user rejected)
 *   __wallet.fail = true          eth_requestAccounts fails with -32603 (internal error)
 *   __wallet.switchError = 4902   wallet_switchEthereumChain fails with that code
 *   __wallet.rejectSign = true    personal_sign fails with 4001 (user rejected)
 *   __wallet.emit(event, value)   fires a provider event (accountsChanged, chainChanged)
 *   __wallet.listenerCount(event) how many listeners the page has attached
 *   __wallet.calls                every method requested, in order
 *
 * With a `signer` (a viem account; see newSigner) the wallet's account is that account's address
 * and personal_sign signs for real, in the test process, through an exposed function: what the
 * server verifies is a genuine EIP-191 signature. Without one, a fixed address drives the wallet
 * states and personal_sign is unsupported.
 */

/** A fresh key per test: an address links to one account on the shared test server. */
export const newSigner = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

export const FAKE_ACCOUNT = '0x1234567890abcdef1234567890abcdef12345678';
export const FAKE_ACCOUNT_SHORT = '0x1234...5678';
export const OTHER_ACCOUNT = '0xabcdef0123456789abcdef0123456789abcd4321';
export const OTHER_ACCOUNT_SHORT = '0xabcd...4321';
export const WALLET_DOWNLOAD_URL = 'https://metamask.io/download/';

export interface FakeWalletOptions {
  /** Accounts already authorised for the site (eth_accounts before any prompt). */
  authorised?: string[];
  /** Accounts eth_requestAccounts grants. */
  accounts?: string[];
  chainId?: string;
  /**
   * How the page finds the wallet: the legacy window.ethereum (default), an EIP-6963
   * announcement only, or EIP-6963 with another wallet announced first (whose account is
   * OTHER_ACCOUNT), to check that MetaMask is preferred.
   */
  exposure?: 'legacy' | 'eip6963' | 'eip6963-two-wallets';
  /** Signs personal_sign requests; its address is the wallet's account unless `accounts` says. */
  signer?: PrivateKeyAccount;
}

export interface FakeWalletControl {
  reject: boolean;
  fail: boolean;
  switchError: number | null;
  rejectSign: boolean;
  chainId: string;
  calls: string[];
  emit(event: string, value: unknown): void;
  listenerCount(event: string): number;
}

declare global {
  interface Window {
    __wallet: FakeWalletControl;
    __opened: { url: string; target?: string; features?: string }[];
    __walletSign?: (data: string) => Promise<string>;
  }
}

export async function installFakeWallet(page: Page, options: FakeWalletOptions = {}) {
  const { signer } = options;
  if (signer) {
    await page.exposeFunction('__walletSign', (data: string) =>
      signer.signMessage({ message: { raw: data as Hex } }),
    );
  }
  await page.addInitScript(
    (opts) => {
      type Fn = (value: unknown) => void;
      const rpcError = (code: number, message: string) =>
        Object.assign(new Error(message), { code });

      function makeProvider(grants: string[], rdns: string) {
        const listeners = new Map<string, Set<Fn>>();
        let authorised = opts.authorised.slice();
        const control = {
          reject: false,
          fail: false,
          switchError: null as number | null,
          rejectSign: false,
          chainId: opts.chainId,
          calls: [] as string[],
          emit(event: string, value: unknown) {
            for (const fn of [...(listeners.get(event) ?? [])]) fn(value);
          },
          listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
        };
        const provider = {
          isMetaMask: rdns === 'io.metamask',
          async request({ method, params }: { method: string; params?: unknown }) {
            control.calls.push(method);
            await new Promise((r) => setTimeout(r, 20));
            switch (method) {
              case 'eth_accounts':
                return authorised.slice();
              case 'eth_requestAccounts':
                if (control.reject) throw rpcError(4001, 'User rejected the request.');
                if (control.fail) throw rpcError(-32603, 'Internal JSON-RPC error.');
                authorised = grants.slice();
                return authorised.slice();
              case 'eth_chainId':
                return control.chainId;
              case 'wallet_switchEthereumChain': {
                if (control.switchError !== null) {
                  throw rpcError(control.switchError, 'Unrecognized chain ID.');
                }
                const [{ chainId }] = params as [{ chainId: string }];
                control.chainId = chainId;
                setTimeout(() => control.emit('chainChanged', chainId), 0);
                return null;
              }
              case 'personal_sign': {
                const [data, from] = params as [string, string];
                if (!window.__walletSign || !authorised.includes(from)) {
                  throw rpcError(4100, 'The requested account has not been authorised.');
                }
                if (control.rejectSign) throw rpcError(4001, 'User rejected the request.');
                return window.__walletSign(data);
              }
              default:
                throw rpcError(4200, `Unsupported method ${method}`);
            }
          },
          on(event: string, fn: Fn) {
            if (!listeners.has(event)) listeners.set(event, new Set());
            listeners.get(event)!.add(fn);
          },
          removeListener(event: string, fn: Fn) {
            listeners.get(event)?.delete(fn);
          },
        };
        return { provider, control };
      }

      const metamask = makeProvider(opts.accounts, 'io.metamask');
      window.__wallet = metamask.control;

      if (opts.exposure === 'legacy') {
        (window as unknown as { ethereum: unknown }).ethereum = metamask.provider;
        return;
      }
      const wallets = [{ ...metamask, name: 'MetaMask', rdns: 'io.metamask', uuid: 'mm-1' }];
      if (opts.exposure === 'eip6963-two-wallets') {
        const other = makeProvider(opts.otherAccounts, 'com.example.otherwallet');
        wallets.unshift({
          ...other,
          name: 'Other Wallet',
          rdns: 'com.example.otherwallet',
          uuid: 'ow-1',
        });
      }
      const announce = () => {
        for (const w of wallets) {
          window.dispatchEvent(
            new CustomEvent('eip6963:announceProvider', {
              detail: Object.freeze({
                info: { uuid: w.uuid, name: w.name, rdns: w.rdns, icon: 'data:image/svg+xml,' },
                provider: w.provider,
              }),
            }),
          );
        }
      };
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    {
      authorised: options.authorised ?? [],
      accounts: options.accounts ?? [signer?.address ?? FAKE_ACCOUNT],
      otherAccounts: [OTHER_ACCOUNT],
      chainId: options.chainId ?? '0x1',
      exposure: options.exposure ?? 'legacy',
    },
  );
}

/** No wallet extension: records window.open calls instead of opening tabs (no internet here). */
export async function stubWindowOpen(page: Page) {
  await page.addInitScript(() => {
    window.__opened = [];
    window.open = (url?: string | URL, target?: string, features?: string) => {
      window.__opened.push({ url: String(url), target, features });
      return null;
    };
  });
}

export const wallet = {
  set: (
    page: Page,
    patch: Partial<Pick<FakeWalletControl, 'reject' | 'fail' | 'switchError' | 'rejectSign'>>,
  ) => page.evaluate((p) => Object.assign(window.__wallet, p), patch),
  emit: (page: Page, event: string, value: unknown) =>
    page.evaluate(([e, v]) => window.__wallet.emit(e as string, v), [event, value] as const),
  listenerCount: (page: Page, event: string) =>
    page.evaluate((e) => window.__wallet.listenerCount(e), event),
  calls: (page: Page) => page.evaluate(() => window.__wallet.calls),
  opened: (page: Page) => page.evaluate(() => window.__opened),
};
