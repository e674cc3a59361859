import { ArrowLeft, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LOGOUT_URL } from '../../lib/navigation.ts';
import { cn } from '../../lib/cn.ts';
import { SuspensionBanner } from './suspension-banner.tsx';
import { InboxBadge } from './inbox-badge.tsx';
import { OutboxBadge } from './outbox-badge.tsx';

/**
 * The frame of every inner screen: a sticky bar with Back to Home, the screen's title and
 * Sign Out, over the wall background.
 */
export function PageShell({
  title,
  children,
  actions,
  className,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className="wall-texture min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-wall/85 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center gap-2 px-3 py-2">
          <Link
            href="/"
            aria-label="Back to Home"
            className="grid size-11 place-items-center rounded-xl hover:bg-concrete"
          >
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
          <h1 className="min-w-0 flex-1 truncate font-display text-lg sm:text-xl">{title}</h1>
          <InboxBadge />
          <OutboxBadge />
          {actions}
          <a
            href={LOGOUT_URL}
            className="flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-smoke hover:bg-concrete hover:text-chalk"
          >
            <LogOut className="size-4" aria-hidden />
            <span>Sign Out</span>
          </a>
        </div>
      </header>
      <main className={cn('mx-auto max-w-5xl px-4 pt-4 pb-16', className)}>
        <SuspensionBanner />
        {children}
      </main>
    </div>
  );
}
