import { initial } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { Avatar, AvatarFallback } from '../../components/ui/avatar.tsx';

/** Spray colours for name circles; one name always gets the same one. */
const SPRAYS = [
  'from-neon-pink to-neon-violet',
  'from-cyan-600 to-neon-violet',
  'from-fuchsia-600 to-rose-600',
  'from-violet-600 to-cyan-700',
  'from-rose-600 to-amber-600',
];

function sprayFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return SPRAYS[Math.abs(hash) % SPRAYS.length]!;
}

/** The circle with a name's initial (decorative: the name is always written beside it). */
export function AuthorAvatar({ name, className }: { name: string | null; className?: string }) {
  return (
    <Avatar className={cn('size-10', className)} aria-hidden>
      <AvatarFallback className={cn('bg-gradient-to-br text-lg', sprayFor(name ?? ''))}>
        {name ? initial(name) : '?'}
      </AvatarFallback>
    </Avatar>
  );
}
