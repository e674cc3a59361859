import { useQuery } from '@tanstack/react-query';
import { Crosshair } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { missionsQuery } from '../../api/catalog.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { formatNumber } from '../../lib/format.ts';
import { countLabel } from '../../lib/search.ts';
import { SearchField } from '../artists/index.ts';
import { EmptyState, LoadError } from '../artists/index.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { MissionCard } from './mission-card.tsx';
import { CardListSkeleton } from './missions-skeleton.tsx';
import { filterMissions } from './search.ts';
import { useWallList, WallsTab } from './walls-tab.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';

type Tab = 'missions' | 'walls';

const tabClass = 'whitespace-normal';

/** The server is asked once typing pauses this long. */
const WALL_SEARCH_PAUSE_MS = 250;

/**
 * SPEC §2 Missions: two tabs sharing one search box; the header counts what the active tab
 * shows after filtering. Missions are searched here; walls, a page at a time, by the server.
 */
export default function Missions() {
  const [tab, setTab] = useState<Tab>('missions');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const missions = useQuery(missionsQuery);
  const wallSearch = useDebouncedValue(query.trim(), WALL_SEARCH_PAUSE_MS);
  const walls = useWallList(wallSearch);

  const visibleMissions = useMemo(
    () => filterMissions(missions.data ?? [], deferred),
    [missions.data, deferred],
  );

  const heading =
    tab === 'missions'
      ? missions.isPending
        ? 'Loading…'
        : countLabel(visibleMissions.length, 'Active Mission', 'Active Missions')
      : walls.pages.isPending
        ? 'Loading…'
        : `${formatNumber(walls.total)} ${walls.total === 1 ? 'Legal Wall' : 'Legal Walls'}`;
  const searching = query.trim() !== '';

  return (
    <PageShell title="Missions & Walls">
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="grid gap-4">
        <TabsList aria-label="Missions or legal walls" className="border border-line">
          <TabsTrigger value="missions" className={tabClass}>
            Street Art Missions
          </TabsTrigger>
          <TabsTrigger value="walls" className={tabClass}>
            Legal Graffiti Walls
          </TabsTrigger>
        </TabsList>

        <SearchField
          label={tab === 'missions' ? 'Search missions' : 'Search legal walls'}
          placeholder={tab === 'missions' ? 'Title or description' : 'Name or city'}
          value={query}
          onChange={setQuery}
        />

        <div className="grid gap-1">
          <h2 aria-live="polite" className="font-display text-2xl leading-tight sm:text-3xl">
            {heading}
          </h2>
          <p className="text-sm text-smoke">
            {tab === 'missions'
              ? 'Hunt, photograph and paint to earn Spray Coins before missions expire.'
              : 'Walls where painting is allowed. Check the permit rules before you go.'}
          </p>
        </div>

        <TabsContent value="missions" className="focus-visible:outline-offset-4">
          {missions.isPending ? (
            <CardListSkeleton label="Loading missions" />
          ) : missions.error ? (
            <LoadError
              what="missions"
              error={missions.error}
              onRetry={() => void missions.refetch()}
            />
          ) : visibleMissions.length === 0 ? (
            <EmptyState icon={Crosshair} title="No Missions Found">
              {searching
                ? `Nothing matches “${query.trim()}”. Try another word from a title or description.`
                : 'No missions are running right now. New ones drop regularly.'}
            </EmptyState>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {visibleMissions.map((m) => (
                <li key={m.id} className="grid">
                  <MissionCard mission={m} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="walls" className="focus-visible:outline-offset-4">
          <WallsTab list={walls} searching={wallSearch} />
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
