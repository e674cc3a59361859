/**
 * When onboarding shows by itself: once, right after a new account's character creation, unless
 * the visitor already went through it signed out just before creating the account. Remembered
 * in the browser (the server keeps no such flag); decision:
 * docs/decisions/018-deep-links-and-collection.md.
 */
const seenKey = (userId: string) => `streetscope:onboarding-seen:${userId}`;
/** Per tab: the sign-up that follows happens in the same tab, and a closed tab forgets it. */
const SIGNED_OUT_KEY = 'streetscope:onboarding-done-signed-out';

/** A signed-out visitor leaves onboarding for the create-account page. */
export function rememberOnboardedSignedOut(): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_KEY, new Date().toISOString());
  } catch {
    // No storage: the new account sees onboarding once more, nothing breaks.
  }
}

/**
 * Called when character creation completes: whether onboarding shows now. Either way it counts
 * as seen for this account, so it never shows by itself again.
 */
export function takeOnboardingTurn(userId: string): boolean {
  try {
    const doneSignedOut = sessionStorage.getItem(SIGNED_OUT_KEY) !== null;
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    const seen = localStorage.getItem(seenKey(userId)) !== null;
    localStorage.setItem(seenKey(userId), new Date().toISOString());
    return !doneSignedOut && !seen;
  } catch {
    return false;
  }
}

/** Onboarding that goes on to `next` (a path on our site) when it ends. */
export function onboardingPath(next: string): string {
  if (next === '/' || next.startsWith('/onboarding')) return '/onboarding';
  return `/onboarding?${new URLSearchParams({ then: next })}`;
}
