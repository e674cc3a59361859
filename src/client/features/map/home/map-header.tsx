import { Coins, Crown, LogOut, Menu, Palette } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'wouter';
import { hasArtistBadge } from '../../../../core/rules.ts';
import type { User } from '../../../../core/schemas/user.ts';
import { cn } from '../../../lib/cn.ts';
import { plural } from '../../../lib/format.ts';
import { LOGOUT_URL } from '../../../lib/navigation.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { InboxBadge } from '../../../components/layout/inbox-badge.tsx';
import { OutboxBadge } from '../../../components/layout/outbox-badge.tsx';
import { WalletButton } from '../../wallet/index.ts';

/**
 * SPEC §2 map home header. On a phone the row keeps the menu, the name and level line, the
 * tokens, the wallet and VIP; Sign Out moves to the side drawer's footer (it is there already).
 */
export const MapHeader = memo(function MapHeader({
  user,
  onOpenMenu,
}: {
  user: User;
  onOpenMenu: () => void;
}) {
  const name = user.username.trim() || 'Explorer';
  const levelLine = `Level ${user.level} • ${plural(user.discoveries, 'Discovery', 'Discoveries')}`;
  return (
    <header className="relative z-30 border-b border-line bg-wall/90">
      <div className="mx-auto flex max-w-7xl items-center gap-x-1.5 px-2 py-1 sm:gap-x-3 sm:px-4 sm:py-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          onClick={onOpenMenu}
          className="[&_svg]:size-6"
        >
          <Menu aria-hidden />
        </Button>

        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <p
              className="truncate font-display text-base leading-tight sm:text-lg"
              title={name}
              data-testid="player-name"
            >
              {name}
            </p>
            {hasArtistBadge(user.discoveries) && (
              <Badge variant="amber" className="shrink-0 px-2">
                <Palette className="size-3" aria-hidden />
                Artist
              </Badge>
            )}
          </div>
          {/* One line, never broken mid-phrase; the name gives way first. */}
          <p
            className="truncate text-[0.6875rem] leading-tight font-semibold whitespace-nowrap text-smoke sm:text-sm"
            title={levelLine}
            data-testid="level-line"
          >
            {levelLine}
          </p>
        </div>

        <p
          className="flex h-11 shrink-0 items-center gap-1 rounded-xl border border-neon-amber/40 bg-neon-amber/10 px-2 font-bold text-amber-100 sm:gap-1.5 sm:px-2.5"
          title="Spray Coins"
          data-testid="token-count"
        >
          <Coins className="size-4 text-neon-amber" aria-hidden />
          <span className="tabular-nums">{user.tokens.toLocaleString('en')}</span>
          <span className="sr-only"> tokens</span>
        </p>

        <InboxBadge />
        <OutboxBadge />

        <WalletButton className="shrink-0 max-sm:min-w-11 max-sm:px-2.5" />

        {/* A Pro player's VIP button is their Pro badge, and leads to managing it. */}
        <Button
          asChild
          size="sm"
          className={cn(
            'shrink-0 min-w-11 max-sm:px-3 bg-none hover:brightness-110',
            user.isPro
              ? 'border border-neon-lime/60 bg-neon-lime/15 text-lime-100 shadow-none'
              : 'bg-neon-amber text-wall shadow-neon-amber/20',
          )}
        >
          <Link
            href="/subscribe"
            aria-label={user.isPro ? 'Pro: manage your subscription' : undefined}
            data-testid="vip-button"
          >
            <Crown aria-hidden className="max-sm:hidden" />
            {user.isPro ? 'Pro' : 'VIP'}
          </Link>
        </Button>

        <Button asChild variant="ghost" size="sm" className="hidden text-smoke sm:inline-flex">
          <a href={LOGOUT_URL}>
            <LogOut aria-hidden />
            Sign Out
          </a>
        </Button>
      </div>
    </header>
  );
});
