/**
 * Flags this browser remembers: in localStorage (this device), or in sessionStorage (this tab).
 * Without storage (some private modes) a flag reads as `fallback` and setting it does nothing:
 * at worst a hint or a screen shows once more, nothing breaks.
 */
type Store = 'device' | 'tab';
const storage = (store: Store) => (store === 'tab' ? sessionStorage : localStorage);

export function hasFlag(key: string, fallback: boolean, store: Store = 'device'): boolean {
  try {
    return storage(store).getItem(key) !== null;
  } catch {
    return fallback;
  }
}

export function setFlag(key: string, on = true, store: Store = 'device'): void {
  try {
    if (on) storage(store).setItem(key, new Date().toISOString());
    else storage(store).removeItem(key);
  } catch {
    // No storage: the flag lasts for this page only.
  }
}
