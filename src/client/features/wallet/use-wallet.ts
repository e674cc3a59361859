import { useSyncExternalStore } from 'react';
import { shortAddress } from '../../lib/address.ts';
import { hasFlag, setFlag } from '../../lib/device-flags.ts';
import { linkAccount, unlinkAccount } from './wallet-link.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';

/**
 * The browser crypto wallet (SPEC §4 "Wallet", §8 wallet toasts): one module-level store shared
 * by every component, so the landing button, onboarding and the map-home header agree.
 *
 * The provider is found with EIP-6963 (a MetaMask announcement, rdns io.metamask, wins over the
 * others; else the first announced), falling back to the legacy `window.ethereum` (EIP-1193).
 * The provider's `accountsChanged` / `chainChanged` listeners are attached while at least one
 * component uses the hook, and removed when the last one unmounts.
 *
 * Decision: `disconnect()` is local (wallets offer no standard way to revoke a site), and it is
 * remembered on this device, so the automatic pick-up of an authorised account on page load
 * (SPEC §4) does not silently undo an explicit disconnect. The next `connect()` clears it.
 *
 * For a signed-in player, connecting also links the wallet to the account by signing a
 * Sign-In with Ethereum message (src/client/features/wallet/wallet-link.ts); 'Wallet Connected' is said
 * once the server has accepted the proof. Disconnecting unlinks it.
 */

export const WALLET_DOWNLOAD_URL = 'https://metamask.io/download/';
export const MAINNET_CHAIN_ID = '0x1';
const METAMASK_RDNS = 'io.metamask';
const DISCONNECTED_KEY = 'streetscope:wallet-disconnected';

type Listener = (...args: unknown[]) => void;

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
}

interface Eip6963ProviderDetail {
  info?: { uuid?: string; name?: string; rdns?: string };
  provider: Eip1193Provider;
}

export interface WalletState {
  account: string | null;
  chainId: string | null;
  isConnecting: boolean;
  isConnected: boolean;
}

const DISCONNECTED: WalletState = {
  account: null,
  chainId: null,
  isConnecting: false,
  isConnected: false,
};

let state: WalletState = DISCONNECTED;
const subscribers = new Set<() => void>();

function setState(next: Partial<WalletState>): void {
  state = { ...state, ...next };
  for (const notify of subscribers) notify();
}

// ---- Provider discovery (EIP-6963, then window.ethereum) ----

const announced: Eip6963ProviderDetail[] = [];
let discoveryStarted = false;

function startDiscovery(): void {
  if (discoveryStarted || typeof window === 'undefined') return;
  discoveryStarted = true;
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
    if (!detail?.provider || typeof detail.provider.request !== 'function') return;
    const uuid = detail.info?.uuid;
    if (announced.some((d) => d.provider === detail.provider || (uuid && d.info?.uuid === uuid))) {
      return;
    }
    announced.push(detail);
    if (subscribers.size > 0) bindProvider();
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** The wallet to talk to, or null when the browser has none. */
export function getProvider(): Eip1193Provider | null {
  startDiscovery();
  const preferred = announced.find((d) => d.info?.rdns === METAMASK_RDNS) ?? announced[0];
  if (preferred) return preferred.provider;
  const legacy = (window as { ethereum?: Eip1193Provider }).ethereum;
  return legacy && typeof legacy.request === 'function' ? legacy : null;
}

// ---- Helpers ----

function errorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  const code = e.code ?? e.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

function firstAccount(value: unknown): string | null {
  return Array.isArray(value) && typeof value[0] === 'string' && value[0] ? value[0] : null;
}

function normaliseChainId(value: unknown): string | null {
  if (typeof value === 'number') return `0x${value.toString(16)}`;
  return typeof value === 'string' && value ? value.toLowerCase() : null;
}

const userDisconnected = () => hasFlag(DISCONNECTED_KEY, false);
const rememberDisconnect = (on: boolean) => setFlag(DISCONNECTED_KEY, on);

// ---- Provider events and the automatic pick-up ----

const onAccountsChanged: Listener = (accounts) => {
  const account = firstAccount(accounts);
  if (!account) {
    setState(DISCONNECTED);
  } else if (state.isConnected || !userDisconnected()) {
    setState({ account, isConnected: true });
    if (!state.chainId) void readChainId();
  }
};

const onChainChanged: Listener = (chainId) => {
  setState({ chainId: normaliseChainId(chainId) });
};

let bound: Eip1193Provider | null = null;

async function readChainId(): Promise<void> {
  try {
    setState({ chainId: normaliseChainId(await bound?.request({ method: 'eth_chainId' })) });
  } catch {
    // The chain id is cosmetic here; the next chainChanged event brings it.
  }
}

/** SPEC §4: on page load an already-authorised account is picked up (eth_accounts, no prompt). */
async function pickUpAuthorisedAccount(provider: Eip1193Provider): Promise<void> {
  try {
    const accounts = await provider.request({ method: 'eth_accounts' });
    if (provider !== bound || state.isConnecting) return;
    const account = firstAccount(accounts);
    if (!account) {
      if (state.isConnected) setState(DISCONNECTED);
      return;
    }
    if (!state.isConnected && userDisconnected()) return;
    const chainId = normaliseChainId(await provider.request({ method: 'eth_chainId' }));
    if (provider !== bound || state.isConnecting) return;
    setState({ account, chainId, isConnected: true });
  } catch {
    // A locked or misbehaving wallet: stay as we are; connect() reports real failures.
  }
}

function bindProvider(): void {
  const provider = getProvider();
  if (provider === bound) return;
  unbindProvider();
  bound = provider;
  if (!provider) return;
  provider.on?.('accountsChanged', onAccountsChanged);
  provider.on?.('chainChanged', onChainChanged);
  void pickUpAuthorisedAccount(provider);
}

function unbindProvider(): void {
  bound?.removeListener?.('accountsChanged', onAccountsChanged);
  bound?.removeListener?.('chainChanged', onChainChanged);
  bound = null;
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  if (subscribers.size === 1) bindProvider();
  return () => {
    subscribers.delete(notify);
    if (subscribers.size === 0) unbindProvider();
  };
}

const getSnapshot = () => state;
const getServerSnapshot = () => DISCONNECTED;

// ---- Actions ----

export interface ConnectOptions {
  /**
   * What to do when the browser has no wallet: 'download' opens the wallet's download page in a
   * new tab (landing page and onboarding, SPEC §2); 'toast' says 'MetaMask Required' (default).
   */
  onMissing?: 'download' | 'toast';
  /** Overrides the description of the non-rejection failure toast (the landing page's). */
  failureMessage?: string;
  /** Prove the account to the server (SIWE) and link it to the signed-in player. */
  link?: boolean;
}

function toastConnected(account: string): void {
  toast({ title: 'Wallet Connected', description: `Connected to ${shortAddress(account)}` });
}

function toastMissingWallet(): void {
  toast({
    title: 'MetaMask Required',
    description: 'Please install MetaMask to connect your wallet.',
    variant: 'destructive',
  });
}

/** eth_requestAccounts, then eth_chainId (SPEC §4). Rejection and failure end disconnected. */
export async function connect(options: ConnectOptions = {}): Promise<void> {
  const provider = getProvider();
  if (!provider) {
    if (options.onMissing === 'download') {
      window.open(WALLET_DOWNLOAD_URL, '_blank', 'noopener,noreferrer');
    } else {
      toastMissingWallet();
    }
    return;
  }
  if (state.isConnecting) return;
  setState({ isConnecting: true });
  try {
    const account = firstAccount(await provider.request({ method: 'eth_requestAccounts' }));
    if (!account) {
      setState(DISCONNECTED);
      return;
    }
    const chainId = normaliseChainId(await provider.request({ method: 'eth_chainId' }));
    rememberDisconnect(false);
    // A refused or failed proof leaves the wallet connected on this device, but not linked.
    const linked = !options.link || (await linkAccount(provider, account));
    setState({ account, chainId, isConnected: true, isConnecting: false });
    if (linked) toastConnected(account);
  } catch (error) {
    setState(DISCONNECTED);
    if (errorCode(error) === 4001) {
      toast({
        title: 'Connection Rejected',
        description: 'Please connect your wallet to continue.',
        variant: 'destructive',
      });
    } else {
      toast({
        title: 'Connection Failed',
        description: options.failureMessage ?? 'Failed to connect to MetaMask. Please try again.',
        variant: 'destructive',
      });
    }
  }
}

/**
 * A local disconnect: the wallet keeps its permission; we forget the account, and with
 * `unlink` (a signed-in player) the server forgets the link too.
 */
export function disconnect(options: { unlink?: boolean } = {}): void {
  const account = state.account;
  rememberDisconnect(true);
  setState(DISCONNECTED);
  toast({ title: 'Wallet Disconnected', description: 'Your wallet has been disconnected.' });
  if (options.unlink && account) void unlinkAccount(account);
}

/** Links the connected wallet (connecting it first if needed) to the signed-in player. */
export async function linkWallet(): Promise<void> {
  const provider = getProvider();
  const account = state.account;
  if (!provider || !state.isConnected || !account) return connect({ link: true });
  if (state.isConnecting) return;
  setState({ isConnecting: true });
  const linked = await linkAccount(provider, account);
  setState({ isConnecting: false });
  if (linked) toastConnected(account);
}

/**
 * Asks the wallet to switch to Ethereum mainnet (0x1). A user's refusal (4001) is left alone;
 * a chain the wallet does not know (4902) or any other failure asks the user to switch by hand.
 */
export async function switchToMainnet(): Promise<void> {
  const provider = getProvider();
  if (!provider) {
    toastMissingWallet();
    return;
  }
  try {
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: MAINNET_CHAIN_ID }],
    });
    setState({ chainId: MAINNET_CHAIN_ID });
  } catch (error) {
    if (errorCode(error) === 4001) return;
    toast({
      title: 'Network Switch Required',
      description: 'Please switch to Ethereum mainnet in MetaMask.',
      variant: 'destructive',
    });
  }
}

export function useWallet() {
  const wallet = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const { isAuthenticated } = useAuth();
  return {
    ...wallet,
    connect: (options: ConnectOptions = {}) => connect({ link: isAuthenticated, ...options }),
    disconnect: () => disconnect({ unlink: isAuthenticated }),
    linkWallet,
    switchToMainnet,
  };
}
