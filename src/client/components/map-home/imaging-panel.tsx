import { ChevronDown, Layers, SlidersHorizontal, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { MAP_TYPES, QUICK_MAP_TYPES, type MapType } from '../map/map-types.ts';

/**
 * SPEC §2 left panel 'Advanced Imaging': three map types, Max Zoom (+3 levels, capped at 22)
 * and Advanced Controls. Folded on phones so the map stays visible; always open on desktop.
 */
export function ImagingPanel({
  mapType,
  onMapType,
  onMaxZoom,
  onAdvanced,
  disabled,
  className,
}: {
  mapType: MapType;
  onMapType: (type: MapType) => void;
  onMaxZoom: () => void;
  onAdvanced: () => void;
  disabled: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="imaging-panel-title"
      className={cn(
        'pointer-events-auto rounded-2xl border border-line bg-brick/95 shadow-2xl shadow-black/50 backdrop-blur',
        className,
      )}
    >
      <h2 id="imaging-panel-title" className="text-sm font-bold">
        <span className="hidden min-h-11 items-center gap-2 px-4 md:flex">
          <Layers className="size-4 text-neon-cyan" aria-hidden />
          Advanced Imaging
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="imaging-panel-body"
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center gap-2 px-4 text-left md:hidden"
        >
          <Layers className="size-4 text-neon-cyan" aria-hidden />
          Advanced Imaging
          <span className="ml-auto truncate text-xs font-semibold text-smoke">
            {MAP_TYPES[mapType].label}
          </span>
          <ChevronDown
            className={cn('size-4 shrink-0 text-smoke transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </h2>
      <div id="imaging-panel-body" className={cn('grid gap-2 px-3 pb-3', !open && 'max-md:hidden')}>
        <div className="grid grid-cols-3 gap-1.5" role="group" aria-label="Map type">
          {QUICK_MAP_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={mapType === type}
              disabled={disabled}
              onClick={() => onMapType(type)}
              title={MAP_TYPES[type].description}
              className={cn(
                'min-h-11 rounded-xl border border-line bg-wall/70 px-2 py-1.5 text-xs leading-tight font-bold text-smoke transition-colors hover:text-chalk disabled:opacity-50',
                mapType === type && 'border-neon-pink bg-neon-pink/15 text-chalk',
              )}
            >
              {MAP_TYPES[type].label}
            </button>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-1.5">
          <button
            type="button"
            onClick={onMaxZoom}
            disabled={disabled}
            className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-neon-cyan/50 text-xs font-bold text-neon-cyan hover:bg-neon-cyan/10 disabled:opacity-50"
          >
            <ZoomIn className="size-4" aria-hidden />
            Max Zoom
          </button>
          <button
            type="button"
            onClick={onAdvanced}
            disabled={disabled}
            className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-neon-cyan/50 text-xs font-bold text-neon-cyan hover:bg-neon-cyan/10 disabled:opacity-50"
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            Advanced Controls
          </button>
        </div>
      </div>
    </section>
  );
}
