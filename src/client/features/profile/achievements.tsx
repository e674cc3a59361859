import { useQuery } from '@tanstack/react-query';
import { Lock, MapPin, MessagesSquare, Trophy, Flag, type LucideIcon } from 'lucide-react';
import type { Achievement } from '../../../core/schemas/profile.ts';
import { achievementsQuery } from './api/profile.ts';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

const ICONS: Record<Achievement['id'], LucideIcon> = {
  first_discovery: MapPin,
  pin_dropper: Flag,
  social_explorer: MessagesSquare,
};

/**
 * SPEC §2 Achievements. SPEC dims Pin Dropper and Social Explorer forever; our server makes
 * all three earnable, so each is lit exactly when GET /api/profile/achievements says unlocked.
 */
export function Achievements() {
  const { data, isPending, isError, refetch } = useQuery(achievementsQuery);
  return (
    <Section id="achievements" title="Achievements" icon={Trophy}>
      {isPending ? (
        <div className="grid grid-cols-1 gap-2" aria-label="Loading achievements">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : isError ? (
        <LoadError what="your achievements" onRetry={() => void refetch()} />
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {data.map((a) => (
            <AchievementRow key={a.id} achievement={a} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function AchievementRow({ achievement }: { achievement: Achievement }) {
  const Icon = achievement.unlocked ? (ICONS[achievement.id] ?? Trophy) : Lock;
  return (
    <li
      data-unlocked={achievement.unlocked}
      className={cn(
        'flex items-center gap-3 rounded-xl border p-3',
        achievement.unlocked
          ? 'border-neon-pink/50 bg-neon-pink/10 shadow-[0_0_18px_-6px] shadow-neon-pink'
          : 'border-line bg-wall/60',
      )}
    >
      <span
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-full',
          achievement.unlocked
            ? 'bg-gradient-to-br from-neon-pink to-neon-violet text-white'
            : 'bg-concrete text-smoke',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn('font-bold', achievement.unlocked ? 'text-chalk' : 'text-smoke')}>
          {achievement.name}
        </p>
        <p className="text-xs text-smoke">{achievement.description}</p>
      </div>
      <span
        className={cn(
          'shrink-0 text-xs font-bold uppercase',
          achievement.unlocked ? 'text-neon-lime' : 'text-smoke',
        )}
      >
        {achievement.unlocked ? 'Unlocked' : 'Locked'}
      </span>
    </li>
  );
}
