import { Camera, Palette, User, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { cn } from '../../../lib/cn.ts';
import { aboveSafeArea, PHONE_LAYOUT } from '../panels/phone-layout.ts';

const LINKS: { label: string; href: string; icon: LucideIcon }[] = [
  { label: 'Colors', href: '/color-chart', icon: Palette },
  { label: 'Profile', href: '/profile', icon: User },
  { label: 'Community', href: '/community', icon: Users },
];

const itemClass =
  'flex min-h-12 md:min-h-14 flex-col items-center justify-center gap-0.5 md:gap-1 rounded-xl px-1 text-xs font-bold text-chalk transition-colors hover:bg-concrete';

/**
 * SPEC §2 bottom action bar: Capture opens the document-street-art dialog; the rest navigate.
 * Capture floats above the bar, the one action a player reaches for outdoors. On a phone the
 * bar is the bottom sheet's peek; on desktop it sits under the map.
 */
export function ActionBar({
  onCapture,
  captureRef,
  className,
}: {
  onCapture: () => void;
  /** Whichever action bar is on screen holds it: the Capture dialog returns focus there. */
  captureRef?: Ref<HTMLButtonElement>;
  className?: string;
}) {
  return (
    <nav aria-label="Map actions" className={cn('relative z-30', className)}>
      <ul className="mx-auto grid max-w-xl grid-cols-4 gap-1 px-2 py-0.5 md:py-1.5">
        <li>
          <button
            type="button"
            ref={captureRef}
            onClick={onCapture}
            className="group flex min-h-12 w-full md:min-h-14 flex-col items-center justify-center gap-0.5 rounded-xl text-xs font-bold text-white md:justify-end md:gap-1"
          >
            <span className="grid size-7 place-items-center rounded-full bg-gradient-to-br from-neon-pink to-neon-violet shadow-lg shadow-neon-pink/30 transition group-hover:brightness-110 group-active:scale-95 md:-mt-7 md:size-14 md:ring-4 md:ring-wall">
              <Camera className="size-4 md:size-6" aria-hidden />
            </span>
            Capture
          </button>
        </li>
        {LINKS.map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <Link href={href} className={itemClass}>
              <Icon className="size-5 text-neon-cyan" aria-hidden />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The phone's tab bar: the action bar fixed at the screen's bottom, over the sheets that stand on
 * it (they slide under it as they fold).
 */
export function PhoneTabBar({ children }: { children: ReactNode }) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-brick pb-[env(safe-area-inset-bottom)] md:hidden"
      style={{ height: aboveSafeArea(PHONE_LAYOUT.tabBar) }}
    >
      {children}
    </div>
  );
}
