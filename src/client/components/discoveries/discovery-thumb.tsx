import { Flag, Flame, Highlighter, MapPin, Tag, type LucideIcon } from 'lucide-react';
import type { EmojiPin } from '../../../core/schemas/common.ts';
import type { UserDiscovery } from '../../../core/schemas/discoveries.ts';
import { cn } from '../../lib/cn.ts';

/**
 * A discovery without a photo shows its pin as a tile. Icons, not the pins' emojis: they draw
 * the same on every device (emoji fonts vary, and some outdoor phones have none).
 */
const PIN_ICONS: Record<EmojiPin, LucideIcon> = {
  tag: Tag,
  location: MapPin,
  marker: Highlighter,
  flag: Flag,
  hot_spot: Flame,
};

/** A discovery's photo, or its pin on a tile; decorative (the name sits beside it). */
export function DiscoveryThumb({
  discovery,
  className = 'size-14',
}: {
  discovery: Pick<UserDiscovery, 'imageUrl' | 'emojiPin'>;
  className?: string;
}) {
  if (discovery.imageUrl) {
    return (
      <img
        src={discovery.imageUrl}
        alt=""
        loading="lazy"
        className={cn('shrink-0 rounded-lg bg-concrete object-cover', className)}
      />
    );
  }
  const Icon = PIN_ICONS[discovery.emojiPin] ?? MapPin;
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-lg bg-gradient-to-br from-neon-violet/50 to-neon-pink/40 text-white',
        className,
      )}
    >
      <Icon className="size-6 drop-shadow" />
    </span>
  );
}
