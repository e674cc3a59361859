import { Ban } from 'lucide-react';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/cn.ts';
import { formatLongDate } from '../../lib/format.ts';

/** Tells a suspended player why their posts, logs and uploads are refused, and until when. */
export function SuspensionBanner({ className }: { className?: string }) {
  const { user } = useAuth();
  if (!user?.suspendedUntil || new Date(user.suspendedUntil) <= new Date()) return null;
  return (
    <div
      role="status"
      className={cn(
        'mb-4 flex items-start gap-3 rounded-xl border border-rose-500/60 bg-rose-500/15 p-3 text-sm text-rose-50',
        className,
      )}
    >
      <Ban className="mt-0.5 size-5 shrink-0 text-rose-300" aria-hidden />
      <p>
        <span className="font-bold">
          Your account is suspended until {formatLongDate(user.suspendedUntil)}.
        </span>{' '}
        You can look around, but not post, log or upload until then.
      </p>
    </div>
  );
}
