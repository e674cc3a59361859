import { useSyncExternalStore } from 'react';

/**
 * Whether the app is showing kept answers: offline, or the last answer came from the service
 * worker's cache, and the oldest such answer's time (when the server first gave it). A live
 * answer, or the network coming back, ends it.
 */
export interface OfflineState {
  offline: boolean;
  since: number | null;
}

let state: OfflineState = { offline: !navigator.onLine, since: null };
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  state = next;
  for (const listener of listeners) listener();
}

// Listening from the first script: the worker may answer the sign-in check from its cache
// before the app has drawn anything, and its message waits only until the page has loaded.
navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: string; at?: number } | null;
  if (data?.type === 'LIVE_ANSWER' && state.since !== null) {
    set({ offline: !navigator.onLine, since: null });
  } else if (data?.type === 'OFFLINE_ANSWER' && typeof data.at === 'number') {
    set({ offline: true, since: Math.min(state.since ?? data.at, data.at) });
  }
});
window.addEventListener('offline', () => set({ ...state, offline: true }));
window.addEventListener('online', () => set({ offline: false, since: null }));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOfflineState = (): OfflineState => useSyncExternalStore(subscribe, () => state);
