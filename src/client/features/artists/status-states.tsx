import { RefreshCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** The "nothing here" card of a catalogue screen, e.g. 'No Artists Found'. */
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
    <div
      role="status"
      className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-line bg-brick/60 px-6 py-10 text-center"
    >
      <Icon className="size-10 text-neon-cyan" aria-hidden />
      <h3 className="font-display text-lg">{title}</h3>
      {children && <p className="max-w-sm text-sm text-smoke">{children}</p>}
    </div>
  );
}

/** A failed load: says what failed and offers a retry instead of an empty screen. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-2xl border border-rose-500/50 bg-rose-950/40 px-6 py-8 text-center"
    >
      <h3 className="font-display text-lg">Couldn&apos;t load {what}</h3>
      <p className="max-w-sm text-sm text-rose-100">
        {error instanceof Error ? error.message : 'Something went wrong.'} Check your connection and
        try again.
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Try again
      </Button>
    </div>
  );
}
