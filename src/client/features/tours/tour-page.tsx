import { useQuery } from '@tanstack/react-query';
import { EyeOff, Home, MapPinned, Route as RouteIcon, ScrollText } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { TOUR_HIDDEN_AFTER_YOUR_REPORT } from '../../../core/content-reports.ts';
import type { TourDetail } from '../../../core/schemas/tours.ts';
import { STREET_DETOUR, WALK_KMH } from '../../../core/tours.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { RouteMapCard } from '../map/index.ts';
import { TourActions } from './tour-actions.tsx';
import { TourFacts, TourProgress } from './tour-facts.tsx';
import { TourStops } from './tour-stops.tsx';
import { tourQuery } from './tours-api.ts';

const isNotFound = (error: unknown) => error instanceof Error && /^404: /.test(error.message);
const MAP_BOX = 'h-72 rounded-2xl border border-line sm:h-96';

function Sources({ tour }: { tour: TourDetail }) {
  return (
    <Section id="tour-sources" title="Sources" icon={ScrollText}>
      <div className="grid gap-3 text-sm text-smoke">
        {tour.sources.length > 0 ? (
          <ul className="grid gap-2">
            {tour.sources.map((s) => (
              <li key={s.attribution}>
                <span className="text-chalk">
                  {s.attribution}
                  {!s.attribution.includes(s.licence) && ` (${s.licence})`}
                </span>
                {s.url && (
                  <>
                    {' · '}
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noreferrer"
                      className="text-neon-cyan underline-offset-4 hover:underline"
                    >
                      dataset
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>The stops were mapped by StreetScope players.</p>
        )}
        <p>
          Distance is the straight line from stop to stop. The walking time adds{' '}
          {Math.round((STREET_DETOUR - 1) * 100)} % for streets and walks at {WALK_KMH} km/h, with
          time to look.
        </p>
      </div>
    </Section>
  );
}

function TourView({ tour }: { tour: TourDetail }) {
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start">
      <div className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="cyan">{tour.city}</Badge>
            <Badge variant="outline">
              {tour.curated && !tour.author ? 'Curated by StreetScope' : `By ${tour.author}`}
            </Badge>
            {tour.hidden && (
              <Badge variant="red">
                <EyeOff className="size-3" aria-hidden />
                Hidden after reports: only you see it until a moderator decides
              </Badge>
            )}
          </div>
          <h2 className="font-display text-2xl leading-tight sm:text-3xl">{tour.title}</h2>
          <TourFacts tour={tour} />
          {tour.description && <p className="text-chalk/90">{tour.description}</p>}
        </div>
        <TourProgress tour={tour} />
        <RouteMapCard
          stops={tour.stops.map((s) => ({ ...s, found: s.found === true }))}
          listed="stops"
          className={MAP_BOX}
        />
        <TourActions tour={tour} />
      </div>
      <Section
        id="tour-stops"
        title="Stops"
        icon={MapPinned}
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <TourStops stops={tour.stops} />
      </Section>
      <Sources tour={tour} />
    </div>
  );
}

/**
 * A walking tour (/tours/:id, docs/decisions/044-walking-tours.md): its line and numbered stops
 * on a map, the stops in order with what the player found, its length and time, GPX, saving it
 * for offline, and reporting it.
 */
export default function TourPage() {
  const { id = '' } = useParams<{ id: string }>();
  const tour = useQuery(tourQuery(id));
  useRequireAuthRedirect(tour.error);
  return (
    <PageShell title="Walking tour">
      {tour.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading the tour">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className={MAP_BOX} />
        </div>
      ) : tour.isError ? (
        isNotFound(tour.error) ? (
          <div className="mx-auto max-w-md pt-8">
            <TourNotFound error={tour.error} />
          </div>
        ) : (
          <LoadError what="the tour" onRetry={() => void tour.refetch()} />
        )
      ) : (
        <TourView tour={tour.data} />
      )}
    </PageShell>
  );
}

const REPORTER_WORDS: readonly string[] = Object.values(TOUR_HIDDEN_AFTER_YOUR_REPORT);

/**
 * Not there: unknown, deleted, or hidden. Whoever reported a hidden tour hears the server's
 * words for it instead (docs/decisions/044).
 */
function TourNotFound({ error }: { error: Error }) {
  const message = serverMessage(error);
  const reported = message !== null && REPORTER_WORDS.includes(message);
  return (
    <EmptyState
      icon={reported ? EyeOff : RouteIcon}
      title={reported ? 'Hidden after your report' : 'Tour not found'}
    >
      <p>{reported ? message : 'This tour is not in StreetScope, or its link is broken.'}</p>
      <Link href="/tours" className={buttonVariants({ variant: 'outline', className: 'mt-3' })}>
        <Home aria-hidden />
        All tours
      </Link>
    </EmptyState>
  );
}
