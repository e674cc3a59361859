import { CloudUpload, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/cn.ts';
import { useOutboxItems } from '../../outbox/use-outbox.ts';

/**
 * The header's "2 waiting to send": what the outbox still holds, leading to its list. Nothing
 * when it is empty. On a phone the words are for screen readers; the count and icon show.
 */
export function OutboxBadge({ className }: { className?: string }) {
  const { user } = useAuth();
  const items = useOutboxItems(user?.id);
  if (!items?.length) return null;
  const refused = items.filter((item) => item.state === 'refused').length;
  const waiting = items.length - refused;
  const [count, words] = waiting > 0 ? [waiting, 'waiting to send'] : [refused, 'not sent'];
  const Icon = waiting > 0 ? CloudUpload : TriangleAlert;
  return (
    <Link
      href="/outbox"
      className={cn(
        'flex h-11 shrink-0 items-center gap-1.5 rounded-xl border px-2.5 text-sm font-bold',
        waiting > 0
          ? 'border-neon-cyan/50 bg-neon-cyan/10 text-cyan-100 hover:bg-neon-cyan/20'
          : 'border-rose-500/60 bg-rose-500/15 text-rose-100 hover:bg-rose-500/25',
        className,
      )}
      data-testid="outbox-badge"
    >
      <Icon className="size-4" aria-hidden />
      <span>
        <span className="tabular-nums">{count}</span>
        <span className="max-sm:sr-only"> {words}</span>
      </span>
    </Link>
  );
}
