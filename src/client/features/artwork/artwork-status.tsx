import { Ban, CircleCheck } from 'lucide-react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { cn } from '../../lib/cn.ts';
import { PinIcon } from '../pins/index.ts';
import { PIN_STYLES, pinKindOf } from '../pins/index.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** 'Still there' or 'Gone', as players last reported it; `large` on the artwork page. */
export function StatusBadge({ status, large }: { status: Artwork['status']; large?: boolean }) {
  const size = large ? 'px-3 py-1 text-sm' : undefined;
  return status === 'gone' ? (
    <Badge variant="red" className={size} data-testid="artwork-status">
      <Ban className={large ? 'size-4' : 'size-3'} aria-hidden /> Gone
    </Badge>
  ) : (
    <Badge variant="green" className={size} data-testid="artwork-status">
      <CircleCheck className={large ? 'size-4' : 'size-3'} aria-hidden /> Still there
    </Badge>
  );
}

/**
 * An artwork's newest photo, greyed with 'Gone' across it when players reported it gone; the
 * pin of its type on a gradient while it has no photo. `className` sizes the frame.
 */
export function ArtworkCover({ artwork, className }: { artwork: Artwork; className: string }) {
  const gone = artwork.status === 'gone';
  if (!artwork.coverImageUrl) {
    const kind = pinKindOf(artwork.emojiPin);
    return (
      <div
        className={cn(
          'grid place-items-center bg-gradient-to-br from-neon-violet/40 via-concrete to-neon-pink/30',
          className,
        )}
      >
        <PinIcon kind={kind} height={96} label={`No photo yet. Pin: ${PIN_STYLES[kind].label}`} />
      </div>
    );
  }
  return (
    <div className="relative overflow-hidden bg-concrete">
      <img
        src={artwork.coverImageUrl}
        alt={`${artwork.title}, the newest photo`}
        className={cn('w-full object-cover', className, gone && 'opacity-60 grayscale')}
      />
      {gone && (
        <span
          aria-hidden
          className="absolute top-3 left-3 -rotate-6 rounded-md border-2 border-white bg-rose-600 px-2 py-0.5 font-display tracking-widest text-white uppercase shadow-xl"
        >
          Gone
        </span>
      )}
    </div>
  );
}
