import { LoaderCircle, Lock, Palette, SprayCan, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/cn.ts';

/**
 * The character-creation screen (SPEC §2): it replaces the router while its flag is on
 * (docs/decisions/004-character-creation.md). 'Enter StreetScope' shows 'Creating Character...'
 * and completes after 1.5 seconds (SPEC §9).
 */

export const CHARACTER_CREATION_MS = 1500;

const COLLECTION: { name: string; icon: LucideIcon; tone: string; locked?: boolean }[] = [
  {
    name: 'Spray Can',
    icon: SprayCan,
    tone: 'border-neon-pink/60 bg-neon-pink/10 text-neon-pink',
  },
  { name: 'Palette', icon: Palette, tone: 'border-neon-cyan/60 bg-neon-cyan/10 text-neon-cyan' },
  { name: 'Locked', icon: Lock, tone: 'border-line bg-wall text-smoke', locked: true },
];

/** A hooded writer in a lime bandana: the placeholder avatar, drawn here, no image download. */
function ArtistAvatar() {
  return (
    <svg viewBox="0 0 200 200" className="size-40 sm:size-44" role="img" aria-label="Your artist">
      <defs>
        <radialGradient id="avatar-bg" cx="50%" cy="40%" r="65%">
          <stop offset="0" stopColor="#a855f7" />
          <stop offset=".6" stopColor="#3b1a5c" />
          <stop offset="1" stopColor="#17171f" />
        </radialGradient>
        <clipPath id="avatar-clip">
          <circle cx="100" cy="100" r="96" />
        </clipPath>
      </defs>
      <circle cx="100" cy="100" r="96" fill="url(#avatar-bg)" />
      <g clipPath="url(#avatar-clip)">
        <g fill="#ff2d95" opacity=".8">
          <circle cx="36" cy="58" r="6" />
          <circle cx="24" cy="80" r="3" />
          <circle cx="50" cy="40" r="2.5" />
          <circle cx="168" cy="70" r="4" />
          <circle cx="160" cy="48" r="2" />
        </g>
        <path d="M150 30v34M162 36v18" stroke="#22d3ee" strokeWidth="5" strokeLinecap="round" />
        <path
          d="M26 204c4-44 34-66 74-66s70 22 74 66z"
          fill="#1d1d27"
          stroke="#ff2d95"
          strokeWidth="3"
        />
        <path d="M88 146l-2 26M112 146l2 26" stroke="#f4f4f5" strokeWidth="3" />
        <circle cx="86" cy="174" r="3.5" fill="#f4f4f5" />
        <circle cx="114" cy="174" r="3.5" fill="#f4f4f5" />
        <path
          d="M50 112c-4-56 24-80 50-80s54 24 50 80c-2 22-22 36-50 36s-48-14-50-36z"
          fill="#23232e"
          stroke="#ff2d95"
          strokeWidth="3"
        />
        <ellipse cx="100" cy="102" rx="33" ry="39" fill="#0c0c10" />
        <ellipse cx="87" cy="94" rx="7" ry="4" fill="#22d3ee" />
        <ellipse cx="113" cy="94" rx="7" ry="4" fill="#22d3ee" />
        <ellipse cx="87" cy="94" rx="11" ry="7" fill="#22d3ee" opacity=".25" />
        <ellipse cx="113" cy="94" rx="11" ry="7" fill="#22d3ee" opacity=".25" />
        <path d="M68 106c12 8 52 8 64 0l-4 22c-10 14-46 14-56 0z" fill="#a3e635" />
        <g fill="#0c0c10" opacity=".55">
          <circle cx="82" cy="116" r="2" />
          <circle cx="94" cy="120" r="2" />
          <circle cx="106" cy="120" r="2" />
          <circle cx="118" cy="116" r="2" />
          <circle cx="100" cy="130" r="2" />
        </g>
      </g>
      <circle cx="100" cy="100" r="96" fill="none" stroke="#22d3ee" strokeWidth="4" />
    </svg>
  );
}

export default function CharacterCreation({ onComplete }: { onComplete: () => void }) {
  const { user } = useAuth();
  const [creating, setCreating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const create = () => {
    if (creating) return;
    setCreating(true);
    timer.current = setTimeout(onComplete, CHARACTER_CREATION_MS);
  };

  return (
    <div className="wall-texture grid min-h-dvh place-items-center px-4 py-8">
      <main className="grid w-full max-w-md gap-6 rounded-3xl border border-line bg-brick/90 p-5 shadow-2xl sm:p-8">
        <div className="grid gap-1 text-center">
          <h1 className="font-display text-3xl leading-tight sm:text-4xl">
            Create Your <span className="text-neon-pink">Artist</span>
          </h1>
          <p className="text-smoke">Your street identity starts here.</p>
        </div>

        <div className="grid justify-items-center gap-2">
          <div className="relative">
            <ArtistAvatar />
            <span className="absolute right-1 bottom-1 grid size-11 place-items-center rounded-full border-2 border-brick bg-neon-lime text-wall">
              <SprayCan className="size-5" aria-hidden />
            </span>
          </div>
          {user && <p className="max-w-full truncate text-lg font-bold">{user.username}</p>}
        </div>

        <dl className="grid grid-cols-2 gap-3">
          {[
            ['Discoveries', '0'],
            ['Level', '1'],
          ].map(([label, value]) => (
            <div
              key={label}
              className="grid justify-items-center gap-1 rounded-2xl border border-line bg-wall/70 p-3"
            >
              <dt className="text-sm font-semibold text-smoke">{label}</dt>
              <dd className="font-display text-3xl text-neon-cyan">{value}</dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="collection-heading" className="grid gap-3">
          <h2 id="collection-heading" className="font-display text-lg">
            Starter NFT Collection
          </h2>
          <ul className="grid grid-cols-3 gap-3">
            {COLLECTION.map(({ name, icon: Icon, tone, locked }) => (
              <li
                key={name}
                className={cn(
                  'grid aspect-square place-items-center content-center gap-2 rounded-2xl border-2 p-2 text-center',
                  tone,
                  locked && 'border-dashed opacity-70',
                )}
              >
                <Icon className="size-8" aria-hidden />
                <span className={cn('text-sm font-bold', locked ? 'text-smoke' : 'text-chalk')}>
                  {name}
                  {locked && <span className="sr-only"> item, unlocks as you play</span>}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <Button
          size="lg"
          onClick={create}
          disabled={creating}
          aria-busy={creating || undefined}
          className="w-full"
        >
          {creating && <LoaderCircle className="animate-spin" aria-hidden />}
          {creating ? 'Creating Character...' : 'Enter StreetScope'}
        </Button>
      </main>
    </div>
  );
}
