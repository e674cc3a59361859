import { useQuery } from '@tanstack/react-query';
import { Flag, LocateFixed, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { Challenge, ChallengeArea } from '../../../core/schemas/challenges.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, LoadError, Section } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useGeolocation } from '../../hooks/use-geolocation.ts';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { formatNumber } from '../../lib/format.ts';
import { AreaWeekBoard } from './area-leaderboard.tsx';
import { ChallengeCard } from './challenge-card.tsx';
import { challengeAreasQuery, challengesQuery } from './challenges-api.ts';

/** The challenges of each area, in the order the server gave them (closest area first). */
function byArea(list: Challenge[]): { area: ChallengeArea; challenges: Challenge[] }[] {
  const groups = new Map<string, { area: ChallengeArea; challenges: Challenge[] }>();
  for (const c of list) {
    const group = groups.get(c.area.id) ?? { area: c.area, challenges: [] };
    group.challenges.push(c);
    groups.set(c.area.id, group);
  }
  return [...groups.values()];
}

/** '0.4 km away', '1,890 km away'. */
const away = (km: number) => `${km < 10 ? km.toFixed(1) : formatNumber(Math.round(km))} km away`;

/** 'Resets Mon 1 Dec, 00:00 Melbourne time': the week's end on the area's own clocks. */
function resetsAt(c: Challenge): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: c.area.timeZone,
  }).format(new Date(c.endsAt));
  return `Resets ${when} ${c.area.city} time`;
}

function AreaGroup({ area, challenges }: { area: ChallengeArea; challenges: Challenge[] }) {
  const headingId = `area-${area.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="font-display text-lg">
          {area.name}
          <span className="text-smoke">, {area.city}</span>
        </h2>
        <p className="text-xs text-smoke">
          {area.distanceKm !== null && `${away(area.distanceKm)} · `}
          {resetsAt(challenges[0]!)}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {challenges.map((c) => (
          <ChallengeCard key={c.id} challenge={c} />
        ))}
      </ul>
    </section>
  );
}

/** /challenges: this week's goals near the player, their progress and the area's leaderboard. */
export default function Challenges() {
  const { location, source, status, requestLocation } = useGeolocation();
  const at = source === 'device' ? location : null;
  const list = useQuery(challengesQuery(at));
  const areas = useQuery(challengeAreasQuery(at));
  const [picked, setPicked] = useState<string | null>(null);
  useRequireAuthRedirect(list.error, areas.error);
  const groups = byArea(list.data ?? []);
  const boardArea = picked ?? groups[0]?.area.id ?? areas.data?.[0]?.id;

  return (
    <PageShell title="Challenges">
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_23rem] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <p className="text-sm text-smoke">
            Goals for each area, new every Monday at 00:00 local time. Only finds that pass the
            fair-play checks count; a held find counts once a moderator approves it.
          </p>
          {!at && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-brick/90 p-4">
              <p className="text-sm">Show the areas closest to you first.</p>
              <Button
                variant="secondary"
                onClick={requestLocation}
                disabled={status === 'locating'}
              >
                <LocateFixed aria-hidden /> Use my location
              </Button>
            </div>
          )}
          {list.isPending ? (
            <Skeleton className="h-48" aria-label="Loading challenges" />
          ) : list.isError ? (
            <LoadError what="the challenges" onRetry={() => void list.refetch()} />
          ) : groups.length === 0 ? (
            <EmptyState icon={Flag} title="No challenges this week">
              New goals arrive every Monday.
            </EmptyState>
          ) : (
            groups.map((g) => <AreaGroup key={g.area.id} {...g} />)
          )}
        </div>
        <Section
          id="area-board"
          title="Area leaderboard"
          icon={Trophy}
          className="lg:sticky lg:top-[4.75rem]"
        >
          {areas.isError ? (
            <LoadError what="the areas" onRetry={() => void areas.refetch()} />
          ) : !areas.data ? (
            <Skeleton className="h-40" aria-label="Loading the leaderboard" />
          ) : boardArea ? (
            <AreaWeekBoard areas={areas.data} areaId={boardArea} onAreaChange={setPicked} />
          ) : (
            <EmptyState icon={Trophy} title="No areas yet" />
          )}
        </Section>
      </div>
    </PageShell>
  );
}
