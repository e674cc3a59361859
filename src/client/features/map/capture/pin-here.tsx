import { Camera, Flag, ImageUp, SprayCan, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatCoordinates } from '../../../lib/geo-format.ts';

/**
 * What a pinned spot becomes: SPEC's graffiti upload, a discovery, a custom marker, or a
 * legal wall the player proposes.
 */
export type PinKind = 'graffiti' | 'discovery' | 'marker' | 'wall';

/** The crosshair at the map's centre: the spot a pin goes to. */
export function Crosshair() {
  return (
    <div
      aria-hidden
      data-testid="pin-crosshair"
      className="pointer-events-none absolute top-1/2 left-1/2 size-16 -translate-x-1/2 -translate-y-1/2"
    >
      <span className="absolute top-0 left-1/2 h-6 w-0.5 -translate-x-1/2 bg-neon-pink shadow-[0_0_0_1px_rgba(0,0,0,0.6)]" />
      <span className="absolute bottom-0 left-1/2 h-6 w-0.5 -translate-x-1/2 bg-neon-pink shadow-[0_0_0_1px_rgba(0,0,0,0.6)]" />
      <span className="absolute top-1/2 left-0 h-0.5 w-6 -translate-y-1/2 bg-neon-pink shadow-[0_0_0_1px_rgba(0,0,0,0.6)]" />
      <span className="absolute top-1/2 right-0 h-0.5 w-6 -translate-y-1/2 bg-neon-pink shadow-[0_0_0_1px_rgba(0,0,0,0.6)]" />
      <span className="absolute top-1/2 left-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-neon-pink ring-2 ring-black/60" />
    </div>
  );
}

const CHOICES: { kind: PinKind; label: string; icon: typeof Camera }[] = [
  { kind: 'graffiti', label: 'Graffiti photo', icon: ImageUp },
  { kind: 'discovery', label: 'Discovery', icon: Camera },
  { kind: 'marker', label: 'Marker', icon: Flag },
  { kind: 'wall', label: 'Legal wall', icon: SprayCan },
];

/**
 * The "pin here" bar: the player pans the map until the crosshair sits on the spot, then says
 * what to pin there. Nothing is placed until a choice is made; Escape or Cancel leaves.
 */
export function PinHereBar({
  spot,
  onPin,
  onCancel,
}: {
  spot: Coordinates;
  onPin: (kind: PinKind) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <section
      aria-labelledby="pin-here-title"
      data-testid="pin-here"
      className="pointer-events-auto grid gap-3 rounded-2xl border border-neon-pink/50 bg-brick/95 p-3 shadow-2xl shadow-black/60"
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="pin-here-title" ref={heading} tabIndex={-1} className="font-bold outline-none">
            Pin here
          </h2>
          <p className="text-sm text-smoke">
            Move the map until the crosshair is on the spot.{' '}
            <span className="whitespace-nowrap tabular-nums" data-testid="pin-spot">
              {formatCoordinates(spot)}
            </span>
          </p>
        </div>
        <Button variant="ghost" size="icon" aria-label="Cancel pinning" onClick={onCancel}>
          <X aria-hidden />
        </Button>
      </div>
      {/* Four across, icon over label, where each label fits; two by two, side by side, on
          narrower phones. Labels may wrap between words, never spill out of their button. */}
      <div
        className="grid grid-cols-2 gap-2 min-[380px]:grid-cols-4"
        role="group"
        aria-label="What to pin here"
      >
        {CHOICES.map(({ kind, label, icon: Icon }) => (
          <Button
            key={kind}
            variant={kind === 'graffiti' ? 'default' : 'secondary'}
            className="h-auto min-h-11 gap-1.5 px-2 py-1.5 text-center text-xs leading-tight whitespace-normal min-[380px]:flex-col min-[380px]:gap-1 min-[380px]:px-1"
            onClick={() => onPin(kind)}
          >
            <Icon aria-hidden />
            {label}
          </Button>
        ))}
      </div>
    </section>
  );
}
