import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Toaster } from './components/ui/toaster.tsx';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { OfflineBanner } from './components/layout/offline-banner.tsx';
import { PageSkeleton } from './components/layout/page-skeleton.tsx';
import { UpdateBanner } from './components/layout/update-banner.tsx';
import { useAuth } from './hooks/use-auth.ts';
import { markCharacterCreated, needsCharacterCreation } from './features/character/index.ts';
import { currentPath } from './lib/navigation.ts';
import { onboardingPath, takeOnboardingTurn } from './features/onboarding/index.ts';
import { queryClient } from './lib/query-client.ts';
import { rememberSignedIn } from './features/map/index.ts';
import { OutboxSender } from './features/outbox/index.ts';
import Landing from './features/landing/landing-page.tsx';
import NotFound from './components/layout/not-found-page.tsx';
import SigningIn from './features/sign-in/signing-in-page.tsx';

// Everything past the landing page loads on demand, so the landing page stays small.
const Onboarding = lazy(() => import('./features/onboarding/onboarding-page.tsx'));
const MapHome = lazy(() => import('./features/map/map-home-page.tsx'));
const Profile = lazy(() => import('./features/profile/profile-page.tsx'));
const Community = lazy(() => import('./features/community/community-page.tsx'));
const Subscribe = lazy(() => import('./features/subscribe/subscribe-page.tsx'));
const ColorChart = lazy(() => import('./features/color-chart/color-chart-page.tsx'));
const Artists = lazy(() => import('./features/artists/artists-page.tsx'));
const Missions = lazy(() => import('./features/missions/missions-page.tsx'));
const MyDiscoveries = lazy(() => import('./features/discoveries/my-discoveries-page.tsx'));
const Collection = lazy(() => import('./features/collection/collection-page.tsx'));
const CharacterCreation = lazy(() => import('./features/character/character-creation-page.tsx'));
const Artwork = lazy(() => import('./features/artwork/artwork-page.tsx'));
const Moderation = lazy(() => import('./features/moderation/moderation-page.tsx'));
const Outbox = lazy(() => import('./features/outbox/outbox-page.tsx'));

/**
 * The screens behind sign-in, besides the map home at / (SPEC §2 route table, and the artwork
 * page of docs/decisions/022).
 */
const SIGNED_IN_ROUTES: [path: string, page: ComponentType][] = [
  ['/profile', Profile],
  ['/discoveries', MyDiscoveries],
  ['/collection', Collection],
  ['/community', Community],
  ['/subscribe', Subscribe],
  ['/color-chart', ColorChart],
  ['/artists', Artists],
  ['/missions', Missions],
  ['/art/:id', Artwork],
  ['/outbox', Outbox],
  // Staff only: the page itself shows players the not-found page.
  ['/moderation', Moderation],
];

/**
 * SPEC §2 route table and §4 auth gate. Signed out: / is the landing page, /onboarding is open,
 * a signed-in screen's path goes to sign-in and back (features/sign-in/signing-in-page.tsx), and any other path
 * is the not-found page. Signed in: every route. While the auth check is loading, /onboarding
 * renders and every other path shows a page skeleton. A new account's character creation is
 * followed by onboarding, once (features/onboarding/onboarding-turn.ts).
 */
function Router() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading) rememberSignedIn(isAuthenticated);
  }, [isLoading, isAuthenticated]);

  if (user && createdFor !== user.id && needsCharacterCreation(user)) {
    // Lazy like the rest, so it needs its own Suspense boundary: it renders outside the router.
    return (
      <Suspense fallback={<PageSkeleton />}>
        <CharacterCreation
          onComplete={() => {
            markCharacterCreated(user.id);
            setCreatedFor(user.id);
            if (takeOnboardingTurn(user.id)) navigate(onboardingPath(currentPath()));
          }}
        />
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<PageSkeleton />}>
      {isAuthenticated && (
        // Its own boundary: the screen never waits for the sender's code.
        <Suspense fallback={null}>
          <OutboxSender />
        </Suspense>
      )}
      <Switch>
        <Route path="/onboarding" component={Onboarding} />
        {isLoading ? (
          // Until the auth check answers, no other route exists yet: a page-shaped skeleton
          // instead of flashing the landing page or a 404 at a signed-in player.
          <Route component={PageSkeleton} />
        ) : !isAuthenticated ? (
          <>
            <Route path="/" component={Landing} />
            {SIGNED_IN_ROUTES.map(([path]) => (
              <Route key={path} path={path} component={SigningIn} />
            ))}
          </>
        ) : (
          <>
            <Route path="/" component={MapHome} />
            {SIGNED_IN_ROUTES.map(([path, page]) => (
              <Route key={path} path={path} component={page} />
            ))}
          </>
        )}
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router />
        <OfflineBanner />
        <UpdateBanner />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
