import { hasFlag, setFlag } from '../../lib/device-flags.ts';

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
  setFlag(SIGNED_OUT_KEY, true, 'tab');
}

/**
 * Called when character creation completes: whether onboarding shows now. Either way it counts
 * as seen for this account, so it never shows by itself again.
 */
export function takeOnboardingTurn(userId: string): boolean {
  // Without storage it never shows by itself: it could not be remembered as seen.
  const doneSignedOut = hasFlag(SIGNED_OUT_KEY, true, 'tab');
  setFlag(SIGNED_OUT_KEY, false, 'tab');
  const seen = hasFlag(seenKey(userId), true);
  setFlag(seenKey(userId));
  return !doneSignedOut && !seen;
}

/** Onboarding that goes on to `next` (a path on our site) when it ends. */
export function onboardingPath(next: string): string {
  if (next === '/' || next.startsWith('/onboarding')) return '/onboarding';
  return `/onboarding?${new URLSearchParams({ then: next })}`;
}
