import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import {
  LazyBoundary,
  lazyPart,
  usePartLoaded,
  MissingPart,
  type Missing,
} from './components/ui/lazy-boundary.tsx';
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
import { InboxNews } from './features/inbox/index.ts';
import Landing from './features/landing/landing-page.tsx';
import NotFound, { BackToHome } from './components/layout/not-found-page.tsx';
import SigningIn from './features/sign-in/signing-in-page.tsx';

// Everything past the landing page loads on demand, so the landing page stays small.
const Onboarding = lazyPart(() => import('./features/onboarding/onboarding-page.tsx'));
const MapHome = lazyPart(() => import('./features/map/map-home-page.tsx'));
const Profile = lazyPart(() => import('./features/profile/profile-page.tsx'));
const Community = lazyPart(() => import('./features/community/community-page.tsx'));
const Subscribe = lazyPart(() => import('./features/subscribe/subscribe-page.tsx'));
const ColorChart = lazyPart(() => import('./features/color-chart/color-chart-page.tsx'));
const Artists = lazyPart(() => import('./features/artists/artists-page.tsx'));
const Artist = lazyPart(() => import('./features/artists/artist-page.tsx'));
const Missions = lazyPart(() => import('./features/missions/missions-page.tsx'));
const MyDiscoveries = lazyPart(() => import('./features/discoveries/my-discoveries-page.tsx'));
const Collection = lazyPart(() => import('./features/collection/collection-page.tsx'));
const CharacterCreation = lazyPart(
  () => import('./features/character/character-creation-page.tsx'),
);
const Artwork = lazyPart(() => import('./features/artwork/artwork-page.tsx'));
const Moderation = lazyPart(() => import('./features/moderation/moderation-page.tsx'));
const Outbox = lazyPart(() => import('./features/outbox/outbox-page.tsx'));
const Inbox = lazyPart(() => import('./features/inbox/inbox-page.tsx'));
const Challenges = lazyPart(() => import('./features/challenges/challenges-page.tsx'));
const Tours = lazyPart(() => import('./features/tours/tours-page.tsx'));
const Tour = lazyPart(() => import('./features/tours/tour-page.tsx'));
const TourForm = lazyPart(() => import('./features/tours/tour-form-page.tsx'));
const Quests = lazyPart(() => import('./features/quests/quests-page.tsx'));

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
  ['/artists/:id', Artist],
  ['/missions', Missions],
  ['/art/:id', Artwork],
  ['/outbox', Outbox],
  ['/inbox', Inbox],
  ['/challenges', Challenges],
  // Walking tours (docs/decisions/044): /tours/new before /tours/:id, which would take it.
  ['/tours', Tours],
  ['/tours/new', TourForm],
  ['/tours/:id/edit', TourForm],
  ['/tours/:id', Tour],
  ['/quests', Quests],
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
  const [location, navigate] = useLocation();
  // The map home's code is waited for here, with the skeleton as the page, rather than by its
  // boundary: a first start then shows the map home as soon as its code is in, not 300 ms after
  // the skeleton as React reveals what a boundary's fallback stood in for.
  const homeLoaded = usePartLoaded(MapHome, isAuthenticated && location === '/');
  useEffect(() => {
    if (!isLoading) rememberSignedIn(isAuthenticated);
  }, [isLoading, isAuthenticated]);

  if (user && createdFor !== user.id && needsCharacterCreation(user)) {
    // Lazy like the rest, so it needs its own boundary: it renders outside the router.
    return (
      <LazyBoundary loading={<PageSkeleton />} fallback={missingScreen(false)}>
        <CharacterCreation
          onComplete={() => {
            markCharacterCreated(user.id);
            setCreatedFor(user.id);
            if (takeOnboardingTurn(user.id)) navigate(onboardingPath(currentPath()));
          }}
        />
      </LazyBoundary>
    );
  }

  return (
    <LazyBoundary
      loading={<PageSkeleton />}
      fallback={missingScreen(location !== '/')}
      resetKey={location}
    >
      {isAuthenticated && (
        // Its own boundary: the screen never waits for the sender's code, and without it
        // (offline before it was kept) nothing shows: it loads once the network is back.
        <LazyBoundary fallback={() => null}>
          <OutboxSender />
          <InboxNews />
        </LazyBoundary>
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
            <Route path="/" component={homeLoaded ? MapHome : PageSkeleton} />
            {SIGNED_IN_ROUTES.map(([path, page]) => (
              <Route key={path} path={path} component={page} />
            ))}
          </>
        )}
        <Route component={NotFound} />
      </Switch>
    </LazyBoundary>
  );
}

/** A screen whose code is not on this device: what is missing, a retry, and a way home. */
function missingScreen(wayHome: boolean) {
  return function MissingScreen(missing: Missing) {
    return (
      <main className="grid min-h-dvh place-items-center p-5">
        <div className="grid w-full max-w-md justify-items-center gap-4">
          <MissingPart {...missing} className="w-full" />
          {wayHome && <BackToHome variant="ghost" />}
        </div>
      </main>
    );
  };
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
