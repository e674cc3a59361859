export { MAINNET_CHAIN_ID, useWallet } from './use-wallet.ts';
export { deleteWalletLink, linkedWalletQuery } from './wallet-api.ts';
export { ConnectMetamaskButton, WalletButton } from './wallet-button.tsx';
