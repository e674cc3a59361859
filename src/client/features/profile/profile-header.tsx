import { Crown } from 'lucide-react';
import type { User } from '../../../core/schemas/user.ts';
import { formatJoined, formatNumber, initial } from '../../lib/format.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { PictureDialog } from './picture-dialog.tsx';

/** SPEC §2 Profile defaults: 'Street Artist' for a missing name, level 1. */
export const DEFAULT_USERNAME = 'Street Artist';

/**
 * Picture with its edit control, name, join date and the stats: SPEC's three, and the artworks
 * the player logged first.
 */
export function ProfileHeader({ user }: { user: User | null }) {
  const username = user?.username || DEFAULT_USERNAME;
  const stats = [
    { label: 'Discoveries', value: user?.discoveries ?? 0, tone: 'text-neon-cyan' },
    { label: 'First finds', value: user?.firstFinds ?? 0, tone: 'text-neon-pink' },
    { label: 'Level', value: user?.level || 1, tone: 'text-neon-lime' },
    { label: 'Tokens', value: user?.tokens ?? 0, tone: 'text-neon-amber' },
  ];
  return (
    <section
      aria-label="Your profile"
      className="overflow-hidden rounded-2xl border border-line bg-brick/90 text-chalk shadow-lg"
    >
      {/* A sprayed banner: neon drips over the wall. */}
      <div
        aria-hidden
        className="h-24 bg-[radial-gradient(circle_at_20%_30%,#ff2d95cc_0,transparent_45%),radial-gradient(circle_at_75%_60%,#22d3eeaa_0,transparent_40%),radial-gradient(circle_at_50%_100%,#a855f7aa_0,transparent_50%)] bg-concrete"
      />
      <div className="-mt-14 flex flex-col items-center gap-1 px-4 pb-4 text-center">
        <div className="relative">
          <Avatar className="size-28 ring-4 ring-brick">
            {user?.profileImageUrl && (
              <AvatarImage src={user.profileImageUrl} alt="Your profile picture" />
            )}
            <AvatarFallback
              className="font-display text-4xl"
              delayMs={user?.profileImageUrl ? 400 : 0}
            >
              {initial(username)}
            </AvatarFallback>
          </Avatar>
          <PictureDialog />
        </div>
        <p className="mt-2 font-display text-2xl break-all">{username}</p>
        <p className="text-sm text-smoke">{formatJoined(user?.createdAt)}</p>
        {user?.isPro && (
          <Badge variant="amber" className="mt-1">
            <Crown className="size-3" aria-hidden /> Pro
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-4 border-t border-line">
        {stats.map(({ label, value, tone }) => (
          <div
            key={label}
            className="flex flex-col-reverse items-center justify-end gap-0.5 px-1 py-3 not-last:border-r not-last:border-line"
          >
            <dt className="text-center text-[0.6875rem] leading-tight font-semibold text-smoke uppercase">
              {label}
            </dt>
            <dd className={`font-display text-xl ${tone}`}>{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
