import { Maximize, Minus, Plus, RotateCcw, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { Camera } from '../view/map-view-props.ts';
import {
  CAMERA,
  MAP_TYPES,
  MAP_TYPE_IDS,
  bearingToRotation,
  type MapType,
} from '../view/map-types.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/input.tsx';
import { Slider } from '../../../components/ui/slider.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';

export interface ImagingActions {
  onMapType: (type: MapType) => void;
  onPitch: (degrees: number) => void;
  onBearing: (degrees: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onMaxDetail: () => void;
  onReset: () => void;
  onBuildings: (on: boolean) => void;
  onEnhanced: (on: boolean) => void;
}

function ToggleRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-wall/60 p-3">
      <Label htmlFor={id} className="grid gap-0.5">
        {label}
        <span className="text-xs font-normal text-smoke">{hint}</span>
      </Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function SliderRow({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm font-semibold">
        <span>{label}</span>
        <span className="text-neon-cyan tabular-nums">{value}</span>
      </div>
      {children}
    </div>
  );
}

/**
 * SPEC §2 Advanced Imaging Controls: a closable panel with Imagery and 3D Controls tabs. The
 * sliders follow the map (dragging or keyboard-rotating the map moves them) and move it.
 */
export function ImagingControls({
  mapType,
  camera,
  buildings,
  enhanced,
  actions,
  tab,
  onTab,
  onClose,
  className,
}: {
  mapType: MapType;
  camera: Camera;
  buildings: boolean;
  enhanced: boolean;
  actions: ImagingActions;
  /** The open tab, kept by the page: the panel moves between layouts when the screen turns. */
  tab: string;
  onTab: (tab: string) => void;
  onClose: () => void;
  className?: string;
}) {
  const id = useId();
  const tilt = Math.round(camera.pitch / CAMERA.tilt.step) * CAMERA.tilt.step;
  const rotation = bearingToRotation(camera.bearing);
  const atMax = camera.zoom >= CAMERA.maxZoom - 0.01;

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="imaging-controls"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className={cn(
        'pointer-events-auto grid max-h-full gap-3 overflow-y-auto rounded-2xl border border-neon-cyan/40 bg-brick/95 p-4 shadow-2xl shadow-black/60',
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <h2 id={`${id}-title`} className="flex-1 font-display text-base leading-tight">
          Advanced Imaging Controls
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close imaging controls"
          onClick={onClose}
          className="-my-2 -mr-2 text-smoke hover:text-chalk [&_svg]:size-5"
        >
          <X aria-hidden />
        </Button>
      </div>
      <Tabs value={tab} onValueChange={onTab} className="grid gap-3">
        <TabsList>
          <TabsTrigger value="imagery">Imagery</TabsTrigger>
          <TabsTrigger value="3d">3D Controls</TabsTrigger>
        </TabsList>
        <TabsContent value="imagery" className="grid gap-2">
          <div role="group" aria-label="Map type" className="grid gap-1.5">
            {MAP_TYPE_IDS.map((type) => (
              <button
                key={type}
                type="button"
                aria-pressed={mapType === type}
                onClick={() => actions.onMapType(type)}
                className={cn(
                  'min-h-11 rounded-xl border border-line bg-wall/70 px-3 py-2 text-left text-sm font-bold text-smoke transition-colors hover:text-chalk',
                  mapType === type && 'border-neon-pink bg-neon-pink/15 text-chalk',
                )}
              >
                {MAP_TYPES[type].label}
                <span className="block text-xs font-normal text-smoke">
                  {MAP_TYPES[type].description}
                </span>
              </button>
            ))}
          </div>
          <ToggleRow
            id={`${id}-enhanced`}
            label="Enhanced Mode"
            hint="Full-resolution tiles, richer colour, bolder labels"
            checked={enhanced}
            onChange={actions.onEnhanced}
          />
        </TabsContent>
        <TabsContent value="3d" className="grid gap-3">
          <SliderRow label="Tilt" value={`${tilt}°`}>
            <Slider
              aria-label="Tilt"
              min={CAMERA.tilt.min}
              max={CAMERA.tilt.max}
              step={CAMERA.tilt.step}
              value={[tilt]}
              onValueChange={([v]) => v !== undefined && actions.onPitch(v)}
            />
          </SliderRow>
          <SliderRow label="Rotation" value={`${rotation}°`}>
            <Slider
              aria-label="Rotation"
              min={CAMERA.rotation.min}
              max={CAMERA.rotation.max}
              step={CAMERA.rotation.step}
              value={[rotation]}
              onValueChange={([v]) => v !== undefined && actions.onBearing(v)}
            />
          </SliderRow>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={actions.onZoomOut} aria-label="Zoom out">
              <Minus aria-hidden />
              Zoom out
            </Button>
            <Button
              variant="secondary"
              onClick={actions.onZoomIn}
              disabled={atMax}
              aria-label="Zoom in"
            >
              <Plus aria-hidden />
              Zoom in
            </Button>
            <Button variant="outline" onClick={actions.onMaxDetail} disabled={atMax}>
              <Maximize aria-hidden />
              Maximum detail
            </Button>
            <Button variant="outline" onClick={actions.onReset}>
              <RotateCcw aria-hidden />
              Reset
            </Button>
          </div>
          <p className="text-xs text-smoke tabular-nums" data-testid="camera-readout">
            Zoom {camera.zoom.toFixed(1)} of {CAMERA.maxZoom}
          </p>
          <ToggleRow
            id={`${id}-buildings`}
            label="3D Buildings"
            hint="Extruded buildings from zoom 15"
            checked={buildings}
            onChange={actions.onBuildings}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
