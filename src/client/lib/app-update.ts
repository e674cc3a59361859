import { useSyncExternalStore } from 'react';

/**
 * A new version of the app waiting to take over (lib/register-worker.ts fills it in): the
 * function that swaps it in and reloads, or null while there is none.
 */
let activate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(next: () => void): void {
  activate = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAppUpdate = (): (() => void) | null =>
  useSyncExternalStore(subscribe, () => activate);
