import type { UserDiscovery } from '../../../core/schemas/discoveries.ts';
import { cn } from '../../lib/cn.ts';
import { PinIcon } from '../pins/index.ts';
import { PIN_STYLES, pinKindOf } from '../pins/index.ts';

/**
 * A discovery's photo (decorative: the name sits beside it), or, without one, its drawn pin on
 * a tile, named by its type: the same on every device, emoji font or not.
 */
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
  const kind = pinKindOf(discovery.emojiPin);
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center rounded-lg bg-gradient-to-br from-neon-violet/50 to-neon-pink/40',
        className,
      )}
    >
      <PinIcon kind={kind} height={36} label={`Pin: ${PIN_STYLES[kind].label}`} />
    </span>
  );
}
