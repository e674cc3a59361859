import { MapPinPlus, X } from 'lucide-react';
import { useState } from 'react';
import { hasFlag, setFlag } from '../../../lib/device-flags.ts';

const KEY = 'streetscope:pin-hint-dismissed';

/**
 * Shown the first time the map is, on this device: a tap never pins anything, so say how to.
 * Dismissed for good by its close button.
 */
export function PinHint() {
  const [open, setOpen] = useState(() => !hasFlag(KEY, true));
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    setFlag(KEY);
  };
  return (
    <div
      role="note"
      aria-label="How to pin"
      className="pointer-events-auto flex max-w-sm items-center gap-2 rounded-2xl border border-neon-pink/40 bg-brick/95 pl-3 text-xs shadow-lg shadow-black/50 md:text-sm"
    >
      <MapPinPlus className="size-4 shrink-0 text-neon-pink" aria-hidden />
      <p className="min-w-0 flex-1 leading-snug">
        Pin art with <strong>Pin here</strong>, or long-press the map.
      </p>
      <button
        type="button"
        aria-label="Dismiss tip"
        onClick={dismiss}
        className="grid size-11 shrink-0 place-items-center rounded-xl text-smoke hover:text-chalk"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
