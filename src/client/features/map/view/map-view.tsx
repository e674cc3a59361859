import 'maplibre-gl/dist/maplibre-gl.css';
import './map-credits.css';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { heatFeatures, myLogFeatures } from '../layers/activity-layers.ts';
import { showArtworks } from '../layers/artwork-layers.ts';
import { afterNextPaint } from '../../../lib/after-paint.ts';
import { createMap } from './create-map.ts';
import { useFirstDrawnMark } from './first-drawn.ts';
import { offlineBasemapOnce, wireImageryEvents } from './imagery-events.ts';
import { drawImagesOnDemand, showInitialLayers } from './initial-layers.ts';
import { keepInView } from './map-camera.ts';
import { createHandle, type MapElement } from './map-handle.ts';
import {
  ArtworkThumbnails,
  CustomMarkers,
  MissionMarkers,
  PlayerDot,
  WallMarkers,
  type Thumbnail,
} from './map-markers.tsx';
import type { MapViewProps } from './map-view-props.ts';
import { wireRightClickPin, wireTaps } from './tap-events.ts';
import { useActivityLayer, useArtworkLayer } from './use-layer-data.ts';
import { useLongPress } from './use-long-press.ts';
import { useStyleReady } from './use-style-ready.ts';
import { cameraReporter, viewOf, wireViewEvents } from './view-events.ts';

/**
 * The MapLibre map (its own lazily loaded chunk). Imagery, terrain and buildings come from
 * `sources`; walls, the player, their markers and thumbnails are DOM markers; artworks are the
 * server's clusters and a clustered GeoJSON source of pieces. The page drives the camera and
 * layers through the handle.
 */
function MapView(props: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [thumbnails, setThumbnails] = useState<Thumbnail[]>([]);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const styleReady = useStyleReady(props.sources.basemap, (error) => latest.current.onFail(error));

  useEffect(() => {
    if (!styleReady) return;
    let stop: (() => void) | undefined;
    /** Starts the map in `container`; returns what stops it. */
    const start = (container: HTMLDivElement) => {
      const { sources, initialLayers } = latest.current;
      const m = createMap(container, latest.current);
      if (!m) return;
      const layers = { ...initialLayers };
      drawImagesOnDemand(m);
      const camera = cameraReporter(m, container, latest);
      const needOfflineBasemap = offlineBasemapOnce(m);
      wireImageryEvents(m, needOfflineBasemap, latest);
      // Once the style is in: the layers as asked, then the page gets its handle and first view.
      m.on('load', () => {
        showInitialLayers(m, container, sources, layers, latest.current.showArtworks, () => {
          // No imagery configured: the offline map is all there is, and the badge says so.
          needOfflineBasemap();
          latest.current.onImagery('offline');
        });
        (container as MapElement).maplibre = m;
        container.dataset.ready = 'true';
        // A transition: React renders the markers and the page's answer to the map between the
        // map's first frames, in slices, not as one long task (docs/decisions/051-light-map-home.md).
        startTransition(() => {
          setMap(m);
          latest.current.onReady(createHandle(m, sources, layers, container));
          latest.current.onView(viewOf(m));
        });
        camera.report();
      });
      wireViewEvents(m, camera, latest, setThumbnails);
      wireTaps(m, latest);
      wireRightClickPin(m, latest);

      return () => {
        camera.cancel();
        m.remove();
      };
    };
    // MapLibre measures its container as it starts: in a task of its own after the next frame it
    // finds the page laid out, instead of laying it out inside React's commit, and the two are
    // not one long task (docs/decisions/051-light-map-home.md).
    const cancel = afterNextPaint(() => {
      stop = start(containerRef.current!);
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [styleReady]);

  useLongPress(map, (spot) => latest.current.onPinShortcut(spot));

  useArtworkLayer(map, props.artworks, containerRef);
  // After the artworks' data is set, so an answer that changes it is waited for.
  useFirstDrawnMark(map, props.firstDataIn);

  useEffect(() => {
    if (!map) return;
    showArtworks(map, props.showArtworks);
  }, [map, props.showArtworks]);

  useActivityLayer(map, 'heat', props.heat, heatFeatures, containerRef);
  useActivityLayer(map, 'myLogs', props.myLogs, myLogFeatures, containerRef);

  // MapLibre makes its container position: relative, so the container fills a positioned box.
  return (
    <div className="absolute inset-0">
      <div ref={containerRef} className="size-full bg-[#0c1a26]" data-testid="map">
        {map && (
          <>
            <WallMarkers
              map={map}
              walls={props.walls}
              selectedWallId={props.selectedWallId}
              onSelect={(wall) => {
                keepInView(map, wall, props.coveredBottom);
                props.onSelectWall(wall);
              }}
            />
            <MissionMarkers
              map={map}
              missions={props.missions}
              selectedId={props.selectedMissionId}
              onSelect={(mission) => {
                const at = mission.targetLocation!;
                keepInView(map, { latitude: at.lat, longitude: at.lng }, props.coveredBottom);
                props.onSelectMission(mission);
              }}
            />
            <CustomMarkers map={map} markers={props.markers} />
            <ArtworkThumbnails
              map={map}
              thumbnails={props.showArtworks ? thumbnails : []}
              onSelect={(t) => {
                keepInView(map, t, props.coveredBottom);
                props.onSelectArtwork(t.id);
              }}
            />
            {props.player && <PlayerDot map={map} position={props.player} />}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The page re-renders on every answer it waits for; the map and its markers only when what they
 * show changes (the page hands it handlers that keep their identity).
 */
export default memo(MapView);
