import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { inboxUnreadQuery } from '../../api/inbox.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/cn.ts';

/**
 * The header's unread count, on a phone as on a desktop: a bell and the number, leading to the
 * inbox. Nothing when everything is read.
 */
export function InboxBadge({ className }: { className?: string }) {
  const { isAuthenticated } = useAuth();
  const unread = useQuery(inboxUnreadQuery(isAuthenticated)).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Link
      href="/inbox"
      className={cn(
        'flex h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-xl border border-neon-pink/50 bg-neon-pink/10 px-2 text-sm font-bold text-pink-100 hover:bg-neon-pink/20',
        className,
      )}
      data-testid="inbox-badge"
    >
      <Bell className="size-4" aria-hidden />
      <span className="tabular-nums">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only"> unread in your inbox</span>
    </Link>
  );
}
