import { useState } from 'react';
import { toast } from '../../../hooks/use-toast.ts';
import type { MapHandle } from '../view/map-handle.ts';
import { CAMERA, type LayerOptions, type MapType } from '../view/map-types.ts';
import type { Camera } from '../view/map-view-props.ts';

/**
 * The page's copy of the map's imaging state (map type, 3D buildings, Enhanced Mode, camera, the
 * imaging panel's open tab): kept here, not in the panels, so it survives a layout switch.
 */
export function useImaging(handle: MapHandle | null, initialZoom: number) {
  const [layers, setLayers] = useState<LayerOptions>({
    type: 'street_art_satellite',
    buildings: true,
    enhanced: false,
  });
  const [camera, setCamera] = useState<Camera>({
    zoom: initialZoom,
    pitch: CAMERA.tilt.initial,
    bearing: CAMERA.rotation.initial,
  });
  const [tab, setTab] = useState('imagery');

  /** SPEC §8: a switch that fails says 'Failed to switch map type'. */
  const switchMapType = (type: MapType) => {
    try {
      if (!handle) throw new Error('Map not ready');
      handle.setMapType(type);
      setLayers((l) => ({ ...l, type }));
    } catch {
      toast({ title: 'Error', description: 'Failed to switch map type', variant: 'destructive' });
    }
  };

  return { layers, setLayers, camera, setCamera, tab, setTab, switchMapType };
}

export type Imaging = ReturnType<typeof useImaging>;
