import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn.ts';

/** The map home's way to the quests around the player (/quests). */
export function QuestsLink({ className }: { className?: string }) {
  return (
    <Link
      href="/quests"
      className={cn(
        'pointer-events-auto flex min-h-11 w-fit items-center gap-1.5 rounded-full border border-neon-amber/50 bg-wall/90 px-3 text-xs font-semibold text-amber-100 hover:bg-neon-amber/10',
        className,
      )}
    >
      <Compass className="size-4 text-neon-amber" aria-hidden />
      Quests near you
    </Link>
  );
}
