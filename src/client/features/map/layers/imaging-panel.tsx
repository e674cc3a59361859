import { Layers, SlidersHorizontal, ZoomIn } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { MAP_TYPES, QUICK_MAP_TYPES, type MapType } from '../view/map-types.ts';

/**
 * SPEC §2 left panel 'Advanced Imaging': three map types, Max Zoom (+3 levels, capped at 22)
 * and Advanced Controls. In the side panel on desktop; on a phone the layers button shows it in
 * the bottom sheet, so the map stays clear at rest.
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
  return (
    <section
      aria-labelledby="imaging-panel-title"
      className={cn(
        'pointer-events-auto rounded-2xl border border-line bg-brick/95 shadow-2xl shadow-black/50',
        className,
      )}
    >
      <h2
        id="imaging-panel-title"
        className="flex min-h-11 items-center gap-2 px-4 text-sm font-bold"
      >
        <Layers className="size-4 text-neon-cyan" aria-hidden />
        Advanced Imaging
      </h2>
      <div className="grid gap-2 px-3 pb-3">
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
