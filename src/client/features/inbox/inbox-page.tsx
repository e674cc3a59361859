import { useInfiniteQuery } from '@tanstack/react-query';
import {
  Ban,
  BadgeCheck,
  Bell,
  Camera,
  EyeOff,
  Flag,
  Hourglass,
  LoaderCircle,
  MapPin,
  Scale,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  Target,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { InboxItem, InboxKind } from '../../../core/schemas/inbox.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, LoadError } from '../../components/ui/section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';
import { cn } from '../../lib/cn.ts';
import { formatTimeAgo } from '../../lib/time-ago.ts';
import { inboxPagesQuery, useMarkInboxRead } from './inbox-api.ts';
import { inboxText } from '../../../core/inbox-text.ts';

const ICONS: Record<InboxKind, { icon: LucideIcon; tone: string }> = {
  find_paid: { icon: Camera, tone: 'text-neon-lime' },
  find_held: { icon: Hourglass, tone: 'text-neon-amber' },
  find_released: { icon: BadgeCheck, tone: 'text-neon-lime' },
  find_voided: { icon: Ban, tone: 'text-rose-300' },
  piece_found: { icon: Sparkles, tone: 'text-neon-pink' },
  mission_completed: { icon: Target, tone: 'text-neon-cyan' },
  wall_verified: { icon: ShieldCheck, tone: 'text-neon-lime' },
  wall_disputed: { icon: ShieldAlert, tone: 'text-neon-amber' },
  report_upheld: { icon: Flag, tone: 'text-neon-lime' },
  report_dismissed: { icon: Scale, tone: 'text-smoke' },
  piece_gone: { icon: EyeOff, tone: 'text-rose-300' },
  near_you: { icon: MapPin, tone: 'text-neon-cyan' },
  visit_released: { icon: BadgeCheck, tone: 'text-neon-lime' },
  visit_voided: { icon: Ban, tone: 'text-rose-300' },
};

/**
 * The inbox (/inbox): what was paid, held and released, who found the player's pieces, and what
 * others decided about their walls, reports and finds, newest first. Opening it reads everything shown; what was unread keeps its mark until the
 * player leaves.
 */
export default function InboxPage() {
  const pages = useInfiniteQuery(inboxPagesQuery);
  useRequireAuthRedirect(pages.error);
  const markRead = useMarkInboxRead();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const newest = items[0];
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || newest.read || marked.current === newest.id) return;
    marked.current = newest.id;
    markRead.mutate(newest.id);
  }, [newest, markRead]);

  return (
    <PageShell title="Inbox">
      {pages.isPending ? (
        <div className="grid gap-2" aria-label="Loading your inbox">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-18" />
          ))}
        </div>
      ) : pages.isError && items.length === 0 ? (
        <LoadError what="your inbox" onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Bell} title="Nothing here yet">
          <p>Your finds, your rewards and news of your pieces will land here.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-3">
          <ul className="grid gap-2">
            {items.map((item) => (
              <InboxRow key={item.id} item={item} />
            ))}
          </ul>
          {pages.hasNextPage && (
            <Button
              variant="outline"
              size="lg"
              className="justify-self-center"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage && <LoaderCircle className="animate-spin" aria-hidden />}
              {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          )}
        </div>
      )}
    </PageShell>
  );
}

function InboxRow({ item }: { item: InboxItem }) {
  const { icon: Icon, tone } = ICONS[item.kind];
  const { title, description } = inboxText(item);
  const body = (
    <>
      <Icon className={cn('mt-0.5 size-6 shrink-0', tone)} aria-hidden />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center gap-2 font-bold text-chalk">
          {title}
          {!item.read && (
            <span className="size-2 rounded-full bg-neon-pink" role="img" aria-label="New" />
          )}
        </span>
        <span className="text-sm break-words text-chalk/85">{description}</span>
        <time dateTime={item.createdAt} className="text-xs text-smoke">
          {formatTimeAgo(item.createdAt)}
        </time>
      </span>
    </>
  );
  const frame = cn(
    'flex gap-3 rounded-xl border p-3',
    item.read ? 'border-line bg-brick/90' : 'border-neon-pink/40 bg-neon-pink/5',
  );
  return (
    <li>
      {item.link ? (
        <Link
          href={item.link}
          className={cn(frame, 'transition-colors hover:border-neon-cyan/60 hover:bg-concrete')}
        >
          {body}
        </Link>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}
