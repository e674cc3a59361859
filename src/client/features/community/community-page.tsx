import { useQuery } from '@tanstack/react-query';
import { eventsQuery, forumQuery, leaderboardQuery } from './community-api.ts';
import { Discussions } from './discussions.tsx';
import { EventsList } from './events-list.tsx';
import { Leaderboard } from './leaderboard.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';

/**
 * Phones: three tabs (Events, Forum, Rankings), so the leaderboard is not buried
 * under fifty posts. From the lg breakpoint the tabs go away and every panel shows: events and
 * discussions on the left, the leaderboard beside them. The panels hold controls of their own,
 * so they are not tab stops themselves.
 */
const panel = 'data-[state=inactive]:hidden lg:data-[state=inactive]:block';

/** Short labels so three tabs fit in one line from 360 px. */
const tab = 'px-2';

/** SPEC §2 Community (/community). */
export default function Community() {
  // The sections share these queries' cache; a 401 from any of them means the session ended.
  const events = useQuery(eventsQuery);
  const forum = useQuery(forumQuery);
  const leaderboard = useQuery(leaderboardQuery);
  useRequireAuthRedirect(events.error, forum.error, leaderboard.error);

  return (
    <PageShell title="Community">
      <Tabs defaultValue="events">
        <TabsList className="sticky top-[3.8rem] z-20 mb-4 shadow-lg lg:hidden">
          <TabsTrigger value="events" className={tab}>
            Events
          </TabsTrigger>
          <TabsTrigger value="discussions" className={tab}>
            Forum
          </TabsTrigger>
          <TabsTrigger value="leaderboard" className={tab}>
            Rankings
          </TabsTrigger>
        </TabsList>
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_23rem] lg:items-start">
          <div className="grid grid-cols-1 min-w-0 gap-5">
            <TabsContent value="events" forceMount tabIndex={-1} className={panel}>
              <EventsList />
            </TabsContent>
            <TabsContent value="discussions" forceMount tabIndex={-1} className={panel}>
              <Discussions />
            </TabsContent>
          </div>
          <TabsContent
            value="leaderboard"
            forceMount
            tabIndex={-1}
            className={`${panel} lg:sticky lg:top-[4.75rem]`}
          >
            <Leaderboard />
          </TabsContent>
        </div>
      </Tabs>
    </PageShell>
  );
}
