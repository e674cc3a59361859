import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Toaster } from './components/ui/toaster.tsx';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { OfflineBanner } from './components/layout/offline-banner.tsx';
import { PageSkeleton } from './components/layout/page-skeleton.tsx';
import { UpdateBanner } from './components/layout/update-banner.tsx';
import { useAuth } from './hooks/use-auth.ts';
import { markCharacterCreated, needsCharacterCreation } from './lib/character.ts';
import { currentPath } from './lib/navigation.ts';
import { onboardingPath, takeOnboardingTurn } from './lib/onboarding.ts';
import { queryClient } from './lib/query-client.ts';
import { rememberSignedIn } from './lib/warm-start.ts';
import Landing from './pages/landing.tsx';
import NotFound from './pages/not-found.tsx';
import SigningIn from './pages/signing-in.tsx';

// Everything past the landing page loads on demand, so the landing page stays small.
const Onboarding = lazy(() => import('./pages/onboarding.tsx'));
const MapHome = lazy(() => import('./pages/map-home.tsx'));
const Profile = lazy(() => import('./pages/profile.tsx'));
const Community = lazy(() => import('./pages/community.tsx'));
const Subscribe = lazy(() => import('./pages/subscribe.tsx'));
const ColorChart = lazy(() => import('./pages/color-chart.tsx'));
const Artists = lazy(() => import('./pages/artists.tsx'));
const Missions = lazy(() => import('./pages/missions.tsx'));
const MyDiscoveries = lazy(() => import('./pages/my-discoveries.tsx'));
const Collection = lazy(() => import('./pages/collection.tsx'));
const CharacterCreation = lazy(() => import('./pages/character-creation.tsx'));
const Artwork = lazy(() => import('./pages/artwork.tsx'));
const Moderation = lazy(() => import('./pages/moderation.tsx'));
const Outbox = lazy(() => import('./pages/outbox.tsx'));
const OutboxSender = lazy(() => import('./components/outbox/outbox-sender.tsx'));

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
 * a signed-in screen's path goes to sign-in and back (pages/signing-in.tsx), and any other path
 * is the not-found page. Signed in: every route. While the auth check is loading, /onboarding
 * renders and every other path shows a page skeleton. A new account's character creation is
 * followed by onboarding, once (lib/onboarding.ts).
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
