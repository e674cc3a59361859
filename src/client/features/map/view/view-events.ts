import type { Map as MapLibreMap } from 'maplibre-gl';
import { startTransition, type Dispatch, type SetStateAction } from 'react';
import { thumbnailsOf } from '../layers/artwork-thumbnails.ts';
import type { Thumbnail } from './map-markers.tsx';
import type { LatestProps, MapViewState } from './map-view-props.ts';
import { normaliseBounds } from './view-bounds.ts';

export function viewOf(map: MapLibreMap): MapViewState {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    bounds: normaliseBounds(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()),
    centre: { latitude: c.lat, longitude: c.lng },
    zoom: map.getZoom(),
  };
}

export type CameraReporter = ReturnType<typeof cameraReporter>;

/**
 * Reports the camera at most once a frame, to the page and as the container's data-zoom,
 * data-pitch and data-bearing; `cancel` drops a report still waiting for its frame.
 */
export function cameraReporter(map: MapLibreMap, container: HTMLElement, latest: LatestProps) {
  let frame = 0;
  return {
    report() {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const camera = { zoom: map.getZoom(), pitch: map.getPitch(), bearing: map.getBearing() };
        container.dataset.zoom = camera.zoom.toFixed(2);
        container.dataset.pitch = camera.pitch.toFixed(1);
        container.dataset.bearing = camera.bearing.toFixed(1);
        latest.current.onCamera(camera);
      });
    },
    cancel: () => cancelAnimationFrame(frame),
  };
}

/**
 * Moves report the camera, a finished move the view; once the map is idle, the thumbnails of
 * the pieces it shows (the same list kept when the same pieces show).
 */
export function wireViewEvents(
  map: MapLibreMap,
  camera: CameraReporter,
  latest: LatestProps,
  setThumbnails: Dispatch<SetStateAction<Thumbnail[]>>,
) {
  map.on('move', camera.report);
  // What follows a move or an idle map (new boxes to fetch, thumbnails) renders in slices
  // between the map's frames (docs/decisions/051-light-map-home.md).
  map.on('moveend', () => startTransition(() => latest.current.onView(viewOf(map))));
  map.on('idle', () => {
    const next = thumbnailsOf(map);
    startTransition(() =>
      setThumbnails((current) => {
        const same =
          next.length === current.length && next.every((t, i) => t.id === current[i]?.id);
        return same ? current : next;
      }),
    );
  });
}
