import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { Toaster } from './components/ui/toaster.tsx';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { PageSkeleton } from './components/layout/page-skeleton.tsx';
import { useAuth } from './hooks/use-auth.ts';
import { markCharacterCreated, needsCharacterCreation } from './lib/character.ts';
import { queryClient } from './lib/query-client.ts';
import Landing from './pages/landing.tsx';
import NotFound from './pages/not-found.tsx';

// Everything past the landing page loads on demand, so the landing page stays small.
const Onboarding = lazy(() => import('./pages/onboarding.tsx'));
const MapHome = lazy(() => import('./pages/map-home.tsx'));
const Profile = lazy(() => import('./pages/profile.tsx'));
const Community = lazy(() => import('./pages/community.tsx'));
const Subscribe = lazy(() => import('./pages/subscribe.tsx'));
const ColorChart = lazy(() => import('./pages/color-chart.tsx'));
const Artists = lazy(() => import('./pages/artists.tsx'));
const Missions = lazy(() => import('./pages/missions.tsx'));
const CharacterCreation = lazy(() => import('./pages/character-creation.tsx'));

/**
 * SPEC §2 route table and §4 auth gate: signed out, only / and /onboarding exist and every other
 * path is the not-found page; signed in, every route. While the auth check is loading,
 * /onboarding (open to everyone) renders and every other path shows a page skeleton.
 */
function Router() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const [createdFor, setCreatedFor] = useState<string | null>(null);

  if (user && createdFor !== user.id && needsCharacterCreation(user)) {
    // Lazy like the rest, so it needs its own Suspense boundary: it renders outside the router.
    return (
      <Suspense fallback={<PageSkeleton />}>
        <CharacterCreation
          onComplete={() => {
            markCharacterCreated(user.id);
            setCreatedFor(user.id);
          }}
        />
      </Suspense>
    );
  }

  return (
    <Suspense fallback={<PageSkeleton />}>
      <Switch>
        <Route path="/onboarding" component={Onboarding} />
        {isLoading ? (
          // Until the auth check answers, no other route exists yet: a page-shaped skeleton
          // instead of flashing the landing page or a 404 at a signed-in player.
          <Route component={PageSkeleton} />
        ) : !isAuthenticated ? (
          <Route path="/" component={Landing} />
        ) : (
          <>
            <Route path="/" component={MapHome} />
            <Route path="/profile" component={Profile} />
            <Route path="/community" component={Community} />
            <Route path="/subscribe" component={Subscribe} />
            <Route path="/color-chart" component={ColorChart} />
            <Route path="/artists" component={Artists} />
            <Route path="/missions" component={Missions} />
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
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
