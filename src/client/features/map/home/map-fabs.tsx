import { Layers, LoaderCircle, LocateFixed, MapPinPlus, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

function Fab({
  label,
  icon: Icon,
  onClick,
  disabled,
  pressed,
  spin,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  spin?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'pointer-events-auto grid size-11 place-items-center rounded-full border border-line bg-brick/95 text-chalk shadow-lg shadow-black/50 transition hover:border-neon-cyan/60 hover:text-neon-cyan active:scale-95 disabled:opacity-50',
        pressed && 'border-neon-cyan bg-neon-cyan/20 text-neon-cyan',
      )}
    >
      <Icon className={cn('size-5', spin && 'animate-spin')} aria-hidden />
    </button>
  );
}

/**
 * The map's floating buttons, in thumb reach on the right: pin a spot, map layers (the
 * Advanced Imaging panel) and locate me (asks for the location when none is known).
 */
export function MapFabs({
  locating,
  hasLocation,
  imagingOpen,
  ready,
  onLocate,
  onLayers,
  onPin,
  className,
}: {
  locating: boolean;
  hasLocation: boolean;
  imagingOpen: boolean;
  ready: boolean;
  onLocate: () => void;
  onLayers: () => void;
  onPin: () => void;
  className?: string;
}) {
  return (
    <div className={cn('pointer-events-none flex flex-col gap-2', className)}>
      <Fab label="Pin here" icon={MapPinPlus} onClick={onPin} disabled={!ready} />
      <Fab
        label="Map layers"
        icon={Layers}
        onClick={onLayers}
        pressed={imagingOpen}
        disabled={!ready}
      />
      <Fab
        label={hasLocation ? 'Go to my location' : 'Find my location'}
        icon={locating ? LoaderCircle : LocateFixed}
        spin={locating}
        onClick={onLocate}
        disabled={locating}
      />
    </div>
  );
}
