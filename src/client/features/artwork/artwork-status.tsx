import { Ban, CircleCheck, Paintbrush, TriangleAlert } from 'lucide-react';
import type { Artwork } from '../../../core/schemas/artworks.ts';
import { cn } from '../../lib/cn.ts';
import { PinIcon } from '../pins/index.ts';
import { PIN_STYLES, pinKindOf } from '../pins/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import type { ArtworkState } from './artwork-state.ts';

const REPORTED = { gone: 'Reported gone', painted_over: 'Reported painted over' } as const;

/**
 * The artwork's one state (artwork-state.ts): 'Still there', 'Gone', 'Painted over', or one
 * player's report that is 'not confirmed' yet. `large` on the artwork page.
 */
export function StateBadge({ state, large }: { state: ArtworkState; large?: boolean }) {
  const size = large ? 'px-3 py-1 text-sm' : undefined;
  const icon = large ? 'size-4' : 'size-3';
  if (state.kind === 'present') {
    return (
      <Badge variant="green" className={size} data-testid="artwork-status">
        <CircleCheck className={icon} aria-hidden /> Still there
      </Badge>
    );
  }
  if (state.kind === 'gone') {
    const Icon = state.paintedOverBy ? Paintbrush : Ban;
    return (
      <Badge variant="red" className={size} data-testid="artwork-status">
        <Icon className={icon} aria-hidden /> {state.paintedOverBy ? 'Painted over' : 'Gone'}
      </Badge>
    );
  }
  return (
    <Badge
      variant="amber"
      className={cn('rounded-2xl whitespace-normal', size)}
      data-testid="artwork-status"
    >
      <TriangleAlert className={cn('shrink-0', icon)} aria-hidden />
      {REPORTED[state.report]} · not confirmed
    </Badge>
  );
}

/** 'Still there' or 'Gone' where only the status is known (lists). */
export function StatusBadge({ status, large }: { status: Artwork['status']; large?: boolean }) {
  return (
    <StateBadge
      state={status === 'gone' ? { kind: 'gone', paintedOverBy: null } : { kind: 'present' }}
      large={large}
    />
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
