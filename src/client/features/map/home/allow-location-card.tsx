import { LoaderCircle, LocateFixed } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * SPEC §2: shown while no location is known. The browser asks for permission only after the
 * tap, so nobody meets a cold permission prompt on arrival.
 */
export function AllowLocationCard({
  locating,
  onAllow,
}: {
  locating: boolean;
  onAllow: () => void;
}) {
  return (
    <section
      aria-labelledby="allow-location-title"
      className="pointer-events-auto flex flex-wrap items-center gap-3 rounded-2xl border border-neon-cyan/40 bg-brick/95 p-3 shadow-2xl shadow-black/50 sm:p-4"
    >
      <span className="hidden size-11 shrink-0 place-items-center rounded-full bg-neon-cyan/15 text-neon-cyan min-[400px]:grid">
        <LocateFixed className="size-5" aria-hidden />
      </span>
      <div className="min-w-44 flex-1">
        <h2 id="allow-location-title" className="font-bold leading-tight">
          Find walls near you
        </h2>
        <p className="text-sm text-smoke">Share your location to see legal walls and pin art.</p>
      </div>
      <AllowLocationButton locating={locating} onAllow={onAllow} className="shrink-0 md:w-full" />
    </section>
  );
}

/** SPEC's 'Allow Location', alone: beside the phone sheet's title, where a card won't fit. */
export function AllowLocationButton({
  locating,
  onAllow,
  size,
  className,
}: {
  locating: boolean;
  onAllow: () => void;
  size?: 'sm';
  className?: string;
}) {
  return (
    <Button onClick={onAllow} disabled={locating} size={size} className={className}>
      {locating ? (
        <>
          <LoaderCircle className="animate-spin" aria-hidden />
          Locating...
        </>
      ) : (
        'Allow Location'
      )}
    </Button>
  );
}
