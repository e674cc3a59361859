import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, LogOut, MonitorSmartphone } from 'lucide-react';
import type { Session } from '../../../core/schemas/account.ts';
import { sessionsQuery, useEndOtherSessions, useEndSession } from './api/sessions.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { failed } from './form-parts.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const place = (country: string | null) => {
  if (!country) return 'Place unknown';
  try {
    return regions.of(country) ?? country;
  } catch {
    return country;
  }
};

/** Where the account is signed in (docs/decisions/032): end any other session, or all of them. */
export function SessionsCard() {
  const { data, isPending, isError, refetch } = useQuery(sessionsQuery);
  const endOthers = useEndOtherSessions();
  const others = data?.filter((s) => !s.current).length ?? 0;

  return (
    <Section id="sessions" title="Sessions" icon={MonitorSmartphone}>
      {isPending ? (
        <Skeleton className="h-32" aria-label="Loading your sessions" />
      ) : isError ? (
        <LoadError what="your sessions" onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-smoke">
            Everywhere your account is signed in. End a session you do not recognise: that device is
            signed out at once.
          </p>
          <ul className="grid gap-2" aria-label="Your sessions">
            {data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 && (
            <Button
              variant="secondary"
              className="justify-self-start"
              disabled={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: ({ ended }) =>
                    toast({
                      title: 'Signed Out Elsewhere',
                      description: `${plural(ended, 'other session', 'other sessions')} ended.`,
                    }),
                  onError: failed('end your other sessions'),
                })
              }
            >
              {endOthers.isPending ? (
                <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
              ) : (
                <LogOut aria-hidden />
              )}
              End all other sessions
            </Button>
          )}
        </div>
      )}
    </Section>
  );
}

function SessionRow({ session }: { session: Session }) {
  const end = useEndSession();
  const device = session.device ?? 'Unknown device';
  return (
    <li
      className={
        session.current
          ? 'flex items-center gap-3 rounded-xl border border-neon-cyan/50 bg-neon-cyan/5 p-3'
          : 'flex items-center gap-3 rounded-xl border border-line bg-wall/60 p-3'
      }
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 font-bold text-chalk">
          <span className="min-w-0 break-words">{device}</span>
          {session.current && (
            <span className="rounded-full bg-neon-cyan/15 px-2 py-0.5 text-xs font-bold text-neon-cyan">
              This device
            </span>
          )}
        </p>
        <p className="text-xs text-smoke">
          {place(session.country)} · Last seen {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          disabled={end.isPending}
          aria-label={`End session: ${device}, last seen ${formatDateTime(session.lastSeenAt)}`}
          onClick={() => end.mutate(session.id, { onError: failed('end that session') })}
        >
          {end.isPending && (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          )}
          End
        </Button>
      )}
    </li>
  );
}
