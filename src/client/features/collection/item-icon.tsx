import {
  CircleDot,
  Crown,
  Highlighter,
  Lock,
  Megaphone,
  NotebookPen,
  Palette,
  SprayCan,
  type LucideIcon,
} from 'lucide-react';
import type { CollectionItem } from '../../../core/schemas/profile.ts';
import { cn } from '../../lib/cn.ts';

/** Each item's picture and colour; the names and rules come from the server. */
const ART: Record<CollectionItem['id'], { icon: LucideIcon; tone: string }> = {
  spray_can: { icon: SprayCan, tone: 'border-neon-pink/60 bg-neon-pink/10 text-neon-pink' },
  palette: { icon: Palette, tone: 'border-neon-cyan/60 bg-neon-cyan/10 text-neon-cyan' },
  fat_cap: { icon: CircleDot, tone: 'border-neon-lime/60 bg-neon-lime/10 text-neon-lime' },
  paint_marker: {
    icon: Highlighter,
    tone: 'border-neon-violet/60 bg-neon-violet/10 text-neon-violet',
  },
  megaphone: { icon: Megaphone, tone: 'border-neon-amber/60 bg-neon-amber/10 text-neon-amber' },
  blackbook: { icon: NotebookPen, tone: 'border-neon-cyan/60 bg-neon-cyan/10 text-neon-cyan' },
  golden_can: { icon: Crown, tone: 'border-neon-amber/70 bg-neon-amber/15 text-neon-amber' },
};

const SIZES = {
  /** The collection page's cards. */
  lg: { tile: 'size-16 rounded-2xl', icon: 'size-8', lock: 'size-6 -right-1.5 -bottom-1.5' },
  /** The profile's strip: as wide as its grid cell. */
  sm: {
    tile: 'aspect-square w-full rounded-xl',
    icon: 'size-5',
    lock: 'size-4 -right-1 -bottom-1',
  },
};

/**
 * An item's tile: its picture in its colour once collected; dimmed, dashed and with a lock
 * while it is not. Decorative: the item's name and state are said in text beside it.
 */
export function ItemIcon({
  item,
  size = 'lg',
}: {
  item: Pick<CollectionItem, 'id' | 'unlocked'>;
  size?: keyof typeof SIZES;
}) {
  const { icon: Icon, tone } = ART[item.id];
  const sizes = SIZES[size];
  return (
    <span
      aria-hidden
      className={cn(
        'relative grid shrink-0 place-items-center border-2',
        sizes.tile,
        item.unlocked ? tone : 'border-dashed border-line bg-wall text-smoke/70',
      )}
    >
      <Icon className={sizes.icon} />
      {!item.unlocked && (
        <span
          className={cn(
            'absolute grid place-items-center rounded-full border border-line bg-concrete text-smoke',
            sizes.lock,
          )}
        >
          <Lock className="size-[60%]" />
        </span>
      )}
    </span>
  );
}
