import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** A titled card section of the profile and community screens (h2 under the page's h1). */
export function Section({
  id,
  title,
  icon: Icon,
  action,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-2xl border border-line bg-brick/90 p-4 text-chalk shadow-lg sm:p-5',
        className,
      )}
    >
      <div className="mb-4 flex min-h-11 items-center justify-between gap-3">
        <h2
          id={headingId}
          className="flex min-w-0 items-center gap-2 font-display text-base sm:text-lg"
        >
          <Icon className="size-5 shrink-0 text-neon-cyan" aria-hidden />
          <span className="min-w-0">{title}</span>
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The friendly state of an empty list: an icon, what is missing, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line bg-wall/60 px-4 py-8 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-concrete text-neon-pink">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="font-bold text-chalk">{title}</p>
      {children && <div className="max-w-xs text-sm text-smoke">{children}</div>}
    </div>
  );
}

/** A data load that failed for another reason than a lost session: say so, offer a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-rose-500/50 bg-rose-500/10 px-4 py-6 text-center"
    >
      <p className="text-sm text-rose-100">Couldn’t load {what}. Check your connection.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
