import { Camera } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import type { Coordinates, Geolocation } from '../../../hooks/use-geolocation.ts';
import { DiscoveryForm } from './discovery-form.tsx';

/**
 * SPEC §2 document-street-art dialog. The form lives inside the dialog's content, so closing
 * resets the form and the upload; it cannot be closed while the photo is on its way. A
 * successful add closes it (the toast carries the award the server gave).
 */
export function CaptureDialog({
  open,
  onOpenChange,
  geo,
  spot,
  isPro,
  fallbackFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  geo: Geolocation;
  /** A spot the player pinned on the map; without one the art is where the player stands. */
  spot: Coordinates | null;
  isPro: boolean;
  fallbackFocus: RefObject<HTMLElement | null>;
}) {
  const [busy, setBusy] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <DialogContent
        className="max-w-md"
        hideClose={busy}
        // Opened from the action bar (no DialogTrigger): return focus to Capture on close.
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // What opened it may be gone (the pin bar, or a layout switched as a phone turned):
          // then focus goes to the page's Capture button.
          const back = returnFocusTo.current?.isConnected
            ? returnFocusTo.current
            : fallbackFocus.current;
          back?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 font-display text-lg font-normal">
            <Camera className="size-5 text-neon-pink" aria-hidden />
            Document Street Art
          </DialogTitle>
          <DialogDescription>Name it, pin it and earn Spray Coins.</DialogDescription>
        </DialogHeader>
        <DiscoveryForm
          geo={geo}
          spot={spot}
          isPro={isPro}
          onBusyChange={setBusy}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
