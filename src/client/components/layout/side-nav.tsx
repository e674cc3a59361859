import { useQuery } from '@tanstack/react-query';
import {
  Bell,
  Calendar,
  Compass,
  Flag,
  Footprints,
  Gem,
  Home,
  Images,
  LogIn,
  LogOut,
  Palette,
  ShieldCheck,
  Star,
  User,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { STAFF_ROLES } from '../../../core/roles.ts';
import { inboxUnreadQuery } from '../../api/inbox.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { cn } from '../../lib/cn.ts';
import { LOGIN_URL, LOGOUT_URL } from '../../lib/navigation.ts';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet.tsx';

/**
 * SPEC §2 side navigation drawer: its items, in its order. SPEC points My Discoveries and NFT
 * Collection at /profile; they open their own screens instead
 * (docs/decisions/018-deep-links-and-collection.md).
 */
export const NAV_ITEMS: { label: string; href: string; icon: LucideIcon }[] = [
  { label: 'Home', href: '/', icon: Home },
  { label: 'Profile', href: '/profile', icon: User },
  { label: 'My Discoveries', href: '/discoveries', icon: Images },
  { label: 'Inbox', href: '/inbox', icon: Bell },
  { label: 'Community', href: '/community', icon: Users },
  { label: 'Events & Missions', href: '/missions', icon: Calendar },
  { label: 'Quests Near You', href: '/quests', icon: Compass },
  { label: 'Weekly Challenges', href: '/challenges', icon: Flag },
  { label: 'Walking Tours', href: '/tours', icon: Footprints },
  { label: 'Color Chart', href: '/color-chart', icon: Palette },
  { label: 'Featured Artists', href: '/artists', icon: Star },
  { label: 'NFT Collection', href: '/collection', icon: Gem },
];

/** Shown to moderators and admins only. */
const MODERATION_ITEM = { label: 'Moderation', href: '/moderation', icon: ShieldCheck };

const itemClass =
  'flex min-h-12 items-center gap-3 rounded-xl px-3 font-semibold text-chalk transition-colors hover:bg-concrete';

export function SideNav({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [location] = useLocation();
  const { isAuthenticated, user } = useAuth();
  const staff = (STAFF_ROLES as readonly string[]).includes(user?.role ?? '');
  const items = staff ? [...NAV_ITEMS, MODERATION_ITEM] : NAV_ITEMS;
  const unread = useQuery(inboxUnreadQuery(isAuthenticated)).data?.unread ?? 0;
  // The drawer is opened from outside (no SheetTrigger), so Radix has nowhere to return focus
  // on close: remember what had it (the menu button) and go back there.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
        }}
      >
        <div className="relative border-b border-line p-5 pr-14">
          <SheetTitle className="font-display text-2xl">
            Street<span className="text-neon-pink">Scope</span>
          </SheetTitle>
          <SheetDescription className="text-sm text-smoke">
            Street Art Geocaching Game
          </SheetDescription>
          <SheetClose
            aria-label="Close menu"
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-xl text-smoke hover:bg-concrete hover:text-chalk"
          >
            <X className="size-5" aria-hidden />
          </SheetClose>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <ul className="grid gap-1">
            {items.map(({ label, href, icon: Icon }) => {
              const current = location === href;
              return (
                <li key={label}>
                  <Link
                    href={href}
                    onClick={() => onOpenChange(false)}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      itemClass,
                      current && 'bg-neon-pink/15 text-white ring-1 ring-neon-pink/60',
                    )}
                  >
                    <Icon className="size-5 text-neon-cyan" aria-hidden />
                    {label}
                    {href === '/inbox' && unread > 0 && (
                      <span className="ml-auto rounded-full bg-neon-pink px-2 text-sm text-white">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="grid gap-1 border-t border-line p-3">
          {isAuthenticated ? (
            <a href={LOGOUT_URL} className={itemClass}>
              <LogOut className="size-5 text-neon-pink" aria-hidden />
              Sign Out
            </a>
          ) : (
            <a href={LOGIN_URL} className={itemClass}>
              <LogIn className="size-5 text-neon-lime" aria-hidden />
              Sign In
            </a>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
