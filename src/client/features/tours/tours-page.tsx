import { useQuery } from '@tanstack/react-query';
import { EyeOff, Footprints, Plus, Route } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TourSummary } from '../../../core/schemas/tours.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { ChoiceChip } from '../../components/ui/choice-chip.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { TourFacts, TourProgress } from './tour-facts.tsx';
import { toursQuery } from './tours-api.ts';

function TourCard({ tour }: { tour: TourSummary }) {
  return (
    <Link
      href={`/tours/${encodeURIComponent(tour.id)}`}
      className="grid h-full content-start gap-3 rounded-2xl border border-line bg-brick/90 p-4 text-chalk shadow-lg transition-colors hover:border-neon-pink/60 focus-visible:outline-offset-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="cyan">{tour.city}</Badge>
        {tour.curated ? (
          <Badge variant="outline">Curated by StreetScope</Badge>
        ) : (
          <Badge variant="outline">By {tour.author}</Badge>
        )}
        {tour.hidden && (
          <Badge variant="red">
            <EyeOff className="size-3" aria-hidden />
            Hidden after reports
          </Badge>
        )}
      </div>
      <h2 className="font-display text-xl leading-tight">{tour.title}</h2>
      <TourFacts tour={tour} />
      <TourProgress tour={tour} />
    </Link>
  );
}

const ALL = '';

/**
 * /tours (docs/decisions/044-walking-tours.md): every walking tour, by city, with the player's
 * progress; "Make a tour" for staff and established players.
 */
export default function ToursPage() {
  const tours = useQuery(toursQuery);
  useRequireAuthRedirect(tours.error);
  const [city, setCity] = useState(ALL);
  const cities = [...new Set((tours.data?.tours ?? []).map((t) => t.city))];
  const shown = (tours.data?.tours ?? []).filter((t) => city === ALL || t.city === city);

  return (
    <PageShell
      title="Walking tours"
      actions={
        tours.data?.canCreate && (
          <Link href="/tours/new" className={buttonVariants({ size: 'sm' })}>
            <Plus aria-hidden />
            Make a tour
          </Link>
        )
      }
    >
      <div className="grid gap-4">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 font-display text-2xl leading-tight sm:text-3xl">
            <Route className="size-6 text-neon-pink" aria-hidden />
            Walks through the art of a city
          </h2>
          <p className="text-sm text-smoke">
            Each tour is a route from piece to piece. Log a find at each stop to tick it off.
          </p>
        </div>

        {cities.length > 1 && (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">City</legend>
            {[ALL, ...cities].map((c) => (
              <ChoiceChip
                key={c}
                name="tour-city"
                value={c}
                checked={city === c}
                onChange={() => setCity(c)}
              >
                {c || 'All cities'}
              </ChoiceChip>
            ))}
          </fieldset>
        )}

        {tours.isPending ? (
          <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading tours">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : tours.isError ? (
          <LoadError what="tours" onRetry={() => void tours.refetch()} />
        ) : shown.length === 0 ? (
          <EmptyState icon={Footprints} title="No tours yet">
            Tours are made by StreetScope and by established players.
          </EmptyState>
        ) : (
          <ul aria-label="Tours" className="grid gap-4 md:grid-cols-2">
            {shown.map((tour) => (
              <li key={tour.id} className="grid">
                <TourCard tour={tour} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageShell>
  );
}
