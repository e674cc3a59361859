import { useCallback, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { safeReturnTo } from '../../../core/return-path.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { goTo, loginUrl } from '../../lib/navigation.ts';
import { rememberOnboardedSignedOut } from './onboarding-turn.ts';

/**
 * Where onboarding ends (finished or skipped). A signed-in player goes into the game: `?then=`
 * (a path on our site, after a new account's character creation) or /. A signed-out visitor has
 * no game to enter yet: they are asked to create an account, which then lands them in the game
 * (docs/decisions/018-deep-links-and-collection.md). While the auth check is loading, the
 * game's path: for a visitor who turns out signed out, that is the landing page, as before.
 */
export function useOnboardingExit() {
  const { isAuthenticated, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const then = safeReturnTo(new URLSearchParams(useSearch()).get('then') ?? '/');
  const toGame = isAuthenticated || isLoading;
  const href = toGame ? then : loginUrl({ mode: 'signup', returnTo: then });
  // Stable while the destination is, so the final step's timer is not restarted by re-renders.
  const leave = useCallback(() => {
    if (toGame) return navigate(then);
    rememberOnboardedSignedOut();
    goTo(href);
  }, [toGame, then, href, navigate]);
  return {
    toGame,
    href,
    /** What a link out does as it is followed (the timer's way out is `leave`). */
    onLeave: toGame ? undefined : rememberOnboardedSignedOut,
    leave,
  };
}

/** A link out of onboarding: an in-app link into the game, or the create-account page. */
export function ExitLink({ className, children }: { className: string; children: ReactNode }) {
  const { toGame, href, onLeave } = useOnboardingExit();
  return toGame ? (
    <Link href={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} onClick={onLeave} className={className}>
      {children}
    </a>
  );
}
