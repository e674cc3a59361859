import { BadgeCheck, CircleDashed, CircleSlash, TriangleAlert } from 'lucide-react';
import type { WallStatus } from '../../../core/wall-status.ts';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../../components/ui/badge.tsx';

/**
 * How a wall's marker says where it stands: a verified wall is solid, a player's unverified
 * proposal hollow with a dashed ring, a disputed one amber.
 */
export const WALL_MARKER_STYLE = {
  verified: 'border-wall bg-neon-pink text-wall',
  unverified: 'border-dashed border-neon-pink bg-wall/85 text-neon-pink',
  disputed: 'border-wall bg-neon-amber text-wall',
  closed: 'border-wall bg-smoke text-wall',
} as const;

const STATUS = {
  unverified: { label: 'Unverified', variant: 'outline', icon: CircleDashed },
  verified: { label: 'Verified', variant: 'lime', icon: BadgeCheck },
  disputed: { label: 'Disputed', variant: 'amber', icon: TriangleAlert },
  closed: { label: 'Closed', variant: 'red', icon: CircleSlash },
} as const;

/** Where a wall stands: players keep it honest (docs/decisions/026). */
export function WallStatusBadge({ status, className }: { status: WallStatus; className?: string }) {
  const { label, variant, icon: Icon } = STATUS[status];
  return (
    <Badge
      variant={variant}
      data-testid="wall-status"
      className={cn(status === 'unverified' && 'border-dashed text-chalk', className)}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </Badge>
  );
}
