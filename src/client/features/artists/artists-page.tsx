import { useQuery } from '@tanstack/react-query';
import { UserSearch } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { artistsQuery } from '../../api/catalog.ts';
import { ArtistCard, ArtistCardSkeleton } from './artist-card.tsx';
import { countLabel, filterArtists } from '../../lib/search.ts';
import { SearchField } from './search-field.tsx';
import { EmptyState, LoadError } from './status-states.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';

export default function Artists() {
  const { data, error, isPending, refetch } = useQuery(artistsQuery);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const visible = useMemo(() => filterArtists(data ?? [], deferred), [data, deferred]);

  return (
    <PageShell title="Featured Artists">
      <section aria-labelledby="artists-count" className="mb-5 grid gap-4">
        <div className="grid gap-1">
          <p className="text-xs font-bold tracking-widest text-neon-pink uppercase">
            Street legends
          </p>
          <h2
            id="artists-count"
            aria-live="polite"
            className="font-display text-2xl leading-tight sm:text-3xl"
          >
            {isPending
              ? 'Loading artists…'
              : countLabel(visible.length, 'Artist Featured', 'Artists Featured')}
          </h2>
          <p className="text-sm text-smoke">
            Muralists, stencil pioneers and wall painters whose work you can hunt for.
          </p>
        </div>
        <SearchField
          label="Search artists"
          placeholder="Name, aka or city"
          value={query}
          onChange={setQuery}
        />
      </section>

      {isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-label="Loading artists"
        >
          {[0, 1, 2].map((i) => (
            <ArtistCardSkeleton key={i} />
          ))}
        </div>
      ) : error ? (
        <LoadError what="artists" error={error} onRetry={() => void refetch()} />
      ) : visible.length === 0 ? (
        <EmptyState icon={UserSearch} title="No Artists Found">
          {query.trim() ? (
            <>
              Nothing matches “{query.trim()}”. Try a name, aka or city.
              <Button variant="link" className="ml-1 min-h-11" onClick={() => setQuery('')}>
                Clear search
              </Button>
            </>
          ) : (
            'No featured artists yet. Check back soon.'
          )}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((artist) => (
            <li key={artist.id} className="grid">
              <ArtistCard artist={artist} />
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
