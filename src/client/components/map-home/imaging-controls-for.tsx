import type { Dispatch, SetStateAction } from 'react';
import type { MapHandle } from '../map/map-handle.ts';
import { CAMERA, type LayerOptions, type MapType } from '../map/map-types.ts';
import type { Camera } from '../map/map-view.tsx';
import { ImagingControls } from './imaging-controls.tsx';

/** The imaging panel (SPEC §2) wired to the live map and to the page's copy of its state. */
export function ImagingControlsFor({
  handle,
  layers,
  setLayers,
  camera,
  setCamera,
  onMapType,
  tab,
  onTab,
  onClose,
  className,
}: {
  handle: MapHandle;
  layers: LayerOptions;
  setLayers: Dispatch<SetStateAction<LayerOptions>>;
  camera: Camera;
  setCamera: Dispatch<SetStateAction<Camera>>;
  onMapType: (type: MapType) => void;
  tab: string;
  onTab: (tab: string) => void;
  onClose: () => void;
  className?: string;
}) {
  return (
    <ImagingControls
      mapType={layers.type}
      camera={camera}
      buildings={layers.buildings}
      enhanced={layers.enhanced}
      tab={tab}
      onTab={onTab}
      onClose={onClose}
      className={className}
      actions={{
        onMapType,
        // The slider shows its new value at once: a second key press before the map's next
        // frame then steps on from it, not from the old one.
        onPitch: (pitch) => {
          handle.setPitch(pitch);
          setCamera((c) => ({ ...c, pitch }));
        },
        onBearing: (bearing) => {
          handle.setBearing(bearing);
          setCamera((c) => ({ ...c, bearing }));
        },
        onZoomIn: handle.zoomIn,
        onZoomOut: handle.zoomOut,
        onMaxDetail: () => handle.zoomBy(CAMERA.maxDetailZoomStep),
        onReset: handle.reset,
        onBuildings: (on) => {
          handle.setBuildings(on);
          setLayers((l) => ({ ...l, buildings: on }));
        },
        onEnhanced: (on) => {
          handle.setEnhanced(on);
          setLayers((l) => ({ ...l, enhanced: on }));
        },
      }}
    />
  );
}
