import { Camera, Palette, User, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';

const LINKS: { label: string; href: string; icon: LucideIcon }[] = [
  { label: 'Colors', href: '/color-chart', icon: Palette },
  { label: 'Profile', href: '/profile', icon: User },
  { label: 'Community', href: '/community', icon: Users },
];

const itemClass =
  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl px-1 text-xs font-bold text-chalk transition-colors hover:bg-concrete';

/** SPEC §2 bottom action bar: Capture opens the document-street-art dialog; the rest navigate. */
export function ActionBar({ onCapture }: { onCapture: () => void }) {
  return (
    <nav
      aria-label="Map actions"
      className="relative z-30 border-t border-line bg-wall/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-xl grid-cols-4 gap-1 px-2 py-1.5">
        <li>
          <button
            type="button"
            onClick={onCapture}
            className="group flex min-h-14 w-full flex-col items-center justify-center gap-1 rounded-xl text-xs font-bold text-white"
          >
            <span className="grid size-9 place-items-center rounded-full bg-gradient-to-br from-neon-pink to-neon-violet shadow-lg shadow-neon-pink/30 transition group-hover:brightness-110 group-active:scale-95">
              <Camera className="size-5" aria-hidden />
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
