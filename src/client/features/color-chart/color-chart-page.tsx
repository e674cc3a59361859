import { useQuery } from '@tanstack/react-query';
import { Crown, Palette } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { SearchField } from '../artists/index.ts';
import { EmptyState, LoadError } from '../artists/index.ts';
import { ChartSkeleton } from './chart-skeleton.tsx';
import { colourChartQuery, filterColours, groupColours } from './colours.ts';
import { PhotoMatch } from './photo-match.tsx';
import { SprayCanHero } from './spray-can-hero.tsx';
import { Swatch } from './swatch.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Link } from 'wouter';

/**
 * SPEC §2 Colour chart: a spray paint range (Series 1, professional quality). Ours is the
 * StreetScope house range, a fictional brand; we do not present it as any maker's official chart.
 */
export default function ColorChart() {
  const { data, error, isPending, refetch } = useQuery(colourChartQuery);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const all = useMemo(() => data?.colours ?? [], [data]);
  const locked = data ? data.totalColours - data.colours.length : 0;
  const groups = useMemo(() => groupColours(filterColours(all, deferred)), [all, deferred]);
  const shown = groups.reduce((n, g) => n + g.colours.length, 0);
  const familyCount = useMemo(() => groupColours(all).length, [all]);

  return (
    <PageShell title="Color Chart">
      <section
        aria-labelledby="series-title"
        className="mb-6 grid items-center gap-4 overflow-hidden rounded-3xl border border-line bg-brick/80 p-5 sm:grid-cols-[1fr_auto] sm:p-7"
      >
        <div className="grid gap-2">
          <p className="text-xs font-bold tracking-widest text-neon-cyan uppercase">
            House range · Series 1
          </p>
          <h2 id="series-title" className="font-display text-2xl leading-tight sm:text-4xl">
            StreetScope <span className="spray-text">Series 1</span>
          </h2>
          <p className="font-semibold text-chalk">Professional quality spray paint</p>
          <p className="max-w-prose text-sm text-smoke">
            High-pigment, fast-drying colour built for walls: dense coverage for fills, crisp lines
            for outlines, and a palette that runs from signal brights to chalky neutrals. Tap any
            swatch to copy its hex code for your sketches.
          </p>
          {data && (
            <p className="text-sm font-semibold text-neon-lime">
              {all.length} colours · {familyCount} hue families
              {data.range === 'full' ? ' · full chart (Pro)' : ' · basic range'}
            </p>
          )}
          <p className="text-xs text-smoke">
            Series 1 is StreetScope&apos;s own house range, not the official chart of any paint
            maker. Screen colours are approximate: test on the wall before a big piece.
          </p>
        </div>
        <SprayCanHero className="mx-auto w-full max-w-72 sm:w-72" />
      </section>

      {data && locked > 0 && (
        <p className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-neon-amber/40 bg-brick/60 p-4 text-sm">
          <Crown className="size-5 text-neon-amber" aria-hidden />
          <span>
            You see the basic range. Pro unlocks the full chart of {data.totalColours} colours (
            {locked} more).
          </span>
          <Link
            href="/subscribe"
            className="font-bold text-neon-cyan underline-offset-4 hover:underline"
          >
            Go Pro
          </Link>
        </p>
      )}

      {data && <PhotoMatch colours={all} isFullChart={data.range === 'full'} />}

      <div className="mb-5 grid gap-2">
        <SearchField
          label="Search colours"
          placeholder="Name or code, e.g. S1-402"
          value={query}
          onChange={setQuery}
        />
        {data && (
          <p aria-live="polite" className="text-sm text-smoke">
            {query.trim() ? `${shown} of ${all.length} colours match` : `All ${all.length} colours`}
          </p>
        )}
      </div>

      {isPending ? (
        <ChartSkeleton />
      ) : error ? (
        <LoadError what="the colour chart" error={error} onRetry={() => void refetch()} />
      ) : shown === 0 ? (
        <EmptyState icon={Palette} title="No colours found">
          Nothing matches “{query.trim()}”. Try a colour name or a code like S1-402.
          <Button variant="link" className="ml-1 min-h-11" onClick={() => setQuery('')}>
            Clear search
          </Button>
        </EmptyState>
      ) : (
        <div className="grid gap-7">
          {groups.map((g) => (
            <section key={g.name} aria-labelledby={`group-${slug(g.name)}`} className="grid gap-3">
              <h3
                id={`group-${slug(g.name)}`}
                className="flex items-baseline gap-2 font-display text-lg"
              >
                {g.name}
                <span className="font-sans text-sm font-normal text-smoke">{g.colours.length}</span>
              </h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
                {g.colours.map((c) => (
                  <li key={c.code} className="grid">
                    <Swatch colour={c} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PageShell>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
