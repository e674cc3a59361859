import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ModerationQueues } from '../../../core/schemas/moderation.ts';
import { STAFF_ROLES } from '../../../core/roles.ts';
import { queuesQuery } from './moderation-api.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { ActionDialog, type PendingAction } from './action-dialog.tsx';
import { AccountQueue } from './account-queue.tsx';
import { AuditLog } from './audit-log.tsx';
import { ClaimQueue } from './claim-queue.tsx';
import { FlagQueue } from './flag-queue.tsx';
import { ReportQueue } from './report-queue.tsx';
import { WallQueue } from './wall-queue.tsx';
import { LoadError } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import NotFound from '../../components/layout/not-found-page.tsx';

const isStaff = (role: string | undefined) =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** A count beside a tab's name, when there is something waiting. */
const Count = ({ n }: { n: number | undefined }) =>
  n ? (
    <span className="ml-1 rounded-full bg-neon-pink/25 px-1.5 text-xs tabular-nums">{n}</span>
  ) : null;

function Queues() {
  const queues = useQuery(queuesQuery);
  const [pending, setPending] = useState<PendingAction | null>(null);
  useRequireAuthRedirect(queues.error);
  const body = (render: (q: ModerationQueues) => ReactNode) =>
    queues.isPending ? (
      <Skeleton className="h-40" />
    ) : queues.isError ? (
      <LoadError what="the queues" onRetry={() => void queues.refetch()} />
    ) : (
      render(queues.data)
    );

  return (
    <Tabs defaultValue="reports">
      {/* Six tabs do not fit one row of a phone: three a row there, one row from sm up. */}
      <TabsList className="sticky top-[3.8rem] z-20 mb-4 grid-flow-row grid-cols-3 shadow-lg sm:grid-flow-col sm:grid-cols-none">
        <TabsTrigger value="reports" className="px-1.5 sm:px-2">
          Reports
          <Count n={queues.data?.reports.total} />
        </TabsTrigger>
        <TabsTrigger value="flags" className="px-1.5 sm:px-2">
          Logs
          <Count n={queues.data?.flags.total} />
        </TabsTrigger>
        <TabsTrigger value="walls" className="px-1.5 sm:px-2">
          Walls
          {/* Players' walls only: imported ones wait for players to confirm them. */}
          <Count n={queues.data?.walls.total} />
        </TabsTrigger>
        <TabsTrigger value="accounts" className="px-1.5 sm:px-2">
          Accounts
          <Count n={queues.data?.accounts.length} />
        </TabsTrigger>
        <TabsTrigger value="artists" className="px-1.5 sm:px-2">
          Artists
        </TabsTrigger>
        <TabsTrigger value="log" className="px-1.5 whitespace-nowrap sm:px-2">
          Audit log
        </TabsTrigger>
      </TabsList>
      <TabsContent value="reports">
        <ReportQueue onAct={setPending} />
      </TabsContent>
      <TabsContent value="flags">
        <FlagQueue onAct={setPending} />
      </TabsContent>
      <TabsContent value="walls">
        {body((q) => (
          <WallQueue importedTotal={q.importedWalls.total} onAct={setPending} />
        ))}
      </TabsContent>
      <TabsContent value="accounts">
        {body((q) => (
          <AccountQueue accounts={q.accounts} onAct={setPending} />
        ))}
      </TabsContent>
      <TabsContent value="artists">
        <ClaimQueue />
      </TabsContent>
      <TabsContent value="log">
        <AuditLog onAct={setPending} />
      </TabsContent>
      {pending && <ActionDialog pending={pending} onClose={() => setPending(null)} />}
    </Tabs>
  );
}

/**
 * /moderation (docs/decisions/026): the report, fair-play, wall and new-account queues with
 * their actions, and the audit log. Players get the not-found page, as for any path that is not theirs.
 */
export default function Moderation() {
  const { user } = useAuth();
  if (!isStaff(user?.role)) return <NotFound />;
  return (
    <PageShell title="Moderation" className="max-w-3xl">
      <Queues />
    </PageShell>
  );
}
