import type { MapHandle } from '../view/map-handle.ts';
import { CAMERA } from '../view/map-types.ts';
import { ImagingControls } from './imaging-controls.tsx';
import type { Imaging } from './use-imaging.ts';

/** The imaging panel (SPEC §2) wired to the live map and to the page's copy of its state. */
export function ImagingControlsFor({
  handle,
  imaging,
  onClose,
  className,
}: {
  handle: MapHandle;
  imaging: Imaging;
  onClose: () => void;
  className?: string;
}) {
  const { layers, setLayers, camera, setCamera } = imaging;
  return (
    <ImagingControls
      mapType={layers.type}
      camera={camera}
      buildings={layers.buildings}
      enhanced={layers.enhanced}
      tab={imaging.tab}
      onTab={imaging.setTab}
      onClose={onClose}
      className={className}
      actions={{
        onMapType: imaging.switchMapType,
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
