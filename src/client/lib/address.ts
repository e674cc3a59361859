/**
 * Wallet address display (SPEC §9): the first 6 and last 4 characters in wallet toasts and on
 * the landing page; the first 4 characters plus an ellipsis in the map home header.
 */
export function shortAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

export function headerAddress(address: string): string {
  return `${address.slice(0, 4)}...`;
}
