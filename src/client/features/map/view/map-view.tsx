import 'maplibre-gl/dist/maplibre-gl.css';
import {
  Map as MapLibreMap,
  addProtocol,
  setWorkerUrl,
  type MapLayerMouseEvent,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ArtworksInView, HeatPoints, MyLogPoints } from '../../../../core/schemas/artworks.ts';
import type { Mission } from '../../../../core/schemas/catalog.ts';
import type { BasemapSource, MapSources } from '../../../../core/schemas/map.ts';
import type { Marker } from '../../../../core/schemas/markers.ts';
import type { LegalWall } from '../../../../core/schemas/walls.ts';
import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { thumbnailsOf } from '../layers/artwork-thumbnails.ts';
import { keepInView } from './map-camera.ts';
import { ACTIVITY_LAYERS, heatFeatures, myLogFeatures } from '../layers/activity-layers.ts';
import {
  ARTWORK_LAYERS,
  drawArtworkImage,
  expandCluster,
  expandServerCluster,
  showArtworks,
} from '../layers/artwork-layers.ts';
import {
  LAYER_STATE_ATTRS,
  applyLayers,
  createHandle,
  type MapElement,
  type MapHandle,
} from './map-handle.ts';
import {
  ArtworkThumbnails,
  CustomMarkers,
  MissionMarkers,
  PlayerDot,
  WallMarkers,
  type Thumbnail,
} from './map-markers.tsx';
import { buildStyle, LAYER } from '../layers/map-style.ts';
import { CAMERA, type LayerOptions } from './map-types.ts';
import { loadOfflineBasemap } from '../basemap/offline-basemap.ts';
import { loadStreetMap } from '../basemap/street-basemap.ts';
import { drawStreetIcon } from '../basemap/street-icons.ts';
import { useActivityLayer, useArtworkLayer } from './use-layer-data.ts';
import { useLongPress } from './use-long-press.ts';
import { normaliseBounds, type Bounds } from './view-bounds.ts';

setWorkerUrl(workerUrl);

let pmtiles: Promise<void> | null = null;
const streetMapsReady = new Set<string>();

/**
 * The street map is a PMTiles archive read in byte ranges (docs/decisions/017-street-basemap.md).
 * Its reader and its style code load only when the server has an archive: without one, the map
 * starts without them.
 */
async function prepareStreetMap(basemap: BasemapSource) {
  pmtiles ??= import('pmtiles').then(
    ({ Protocol }) => addProtocol('pmtiles', new Protocol().tile),
    (error: unknown) => {
      pmtiles = null;
      throw error;
    },
  );
  await Promise.all([pmtiles, loadStreetMap(basemap.flavor)]);
  streetMapsReady.add(basemap.flavor);
}

export interface Camera {
  zoom: number;
  pitch: number;
  bearing: number;
}

export interface MapViewState {
  bounds: Bounds;
  centre: Coordinates;
  zoom: number;
}

export interface MapViewProps {
  sources: MapSources;
  initialCentre: Coordinates;
  initialZoom: number;
  initialLayers: LayerOptions;
  walls: LegalWall[];
  selectedWallId: string | null;
  /** The artworks layer's answer: server clusters or pieces. */
  artworks: ArtworksInView | undefined;
  /** The artworks layer (the layers panel's switch); walls are shown or not by the page. */
  showArtworks: boolean;
  /** Pro layers: null while switched off (or not Pro). */
  heat: HeatPoints['points'] | null;
  myLogs: MyLogPoints['points'] | null;
  missions: Mission[];
  selectedMissionId: string | null;
  player: Coordinates | null;
  markers: Marker[];
  onReady: (handle: MapHandle) => void;
  onFail: (error: unknown) => void;
  onCamera: (camera: Camera) => void;
  onView: (view: MapViewState) => void;
  onSelectWall: (wall: LegalWall) => void;
  onSelectArtwork: (id: string) => void;
  onSelectMission: (mission: Mission) => void;
  /**
   * Pixels at the bottom of the map a selection's panel will cover (the phone's sheet at half
   * height): a piece tapped there is brought up into view.
   */
  coveredBottom: number;
  /** A tap on a bare spot: it closes what is open and never places anything. */
  onBareTap: () => void;
  /** Long-press or right-click: the shortcut to pinning at that spot. */
  onPinShortcut: (spot: Coordinates) => void;
  /** Imagery tiles failing ('offline': the offline basemap shows) or loading again. */
  onImagery: (status: 'online' | 'offline') => void;
}

/** Imagery whose failure means the player sees the offline basemap. */
const IMAGERY_SOURCES = new Set<string>([LAYER.satellite, LAYER.satelliteFull, LAYER.standard]);

function viewOf(map: MapLibreMap): MapViewState {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    bounds: normaliseBounds(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()),
    centre: { latitude: c.lat, longitude: c.lng },
    zoom: map.getZoom(),
  };
}

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
  const [styleReady, setStyleReady] = useState(
    () => !props.sources.basemap || streetMapsReady.has(props.sources.basemap.flavor),
  );

  useEffect(() => {
    const basemap = latest.current.sources.basemap;
    if (styleReady || !basemap) return;
    let gone = false;
    prepareStreetMap(basemap).then(
      () => !gone && setStyleReady(true),
      (error: unknown) => !gone && latest.current.onFail(error),
    );
    return () => {
      gone = true;
    };
  }, [styleReady]);

  useEffect(() => {
    if (!styleReady) return;
    const container = containerRef.current!;
    const { sources, initialCentre, initialZoom, initialLayers } = latest.current;
    let m: MapLibreMap;
    try {
      m = new MapLibreMap({
        container,
        style: buildStyle(sources, initialLayers),
        center: [initialCentre.longitude, initialCentre.latitude],
        zoom: initialZoom,
        pitch: CAMERA.tilt.initial,
        bearing: CAMERA.rotation.initial,
        maxZoom: CAMERA.maxZoom,
        maxPitch: CAMERA.tilt.max,
        attributionControl: { compact: true },
        // Our style is built by our code and checked against the style spec by its tests
        // (map-style.test.ts), not again on every phone: MapLibre's own advice for production.
        validateStyle: false,
      });
    } catch (error) {
      latest.current.onFail(error);
      return;
    }
    // Credits stay folded behind their (i) button from the first frame, so they never cover the
    // panels on a phone: MapLibre opens them when the first credits arrive, unless already compact.
    container.querySelector('.maplibregl-ctrl-attrib')?.classList.add('maplibregl-compact');
    const layers = { ...initialLayers };
    // Images are drawn when a layer first asks for them: artwork pins and counts, street icons.
    m.setMissingStyleImageResolver(async (id) => {
      if (!m.hasImage(id) && !(await drawArtworkImage(m, id))) drawStreetIcon(m, id);
    });

    let frame = 0;
    const reportCamera = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const camera = { zoom: m.getZoom(), pitch: m.getPitch(), bearing: m.getBearing() };
        container.dataset.zoom = camera.zoom.toFixed(2);
        container.dataset.pitch = camera.pitch.toFixed(1);
        container.dataset.bearing = camera.bearing.toFixed(1);
        latest.current.onCamera(camera);
      });
    };

    let offlineBasemap = false;
    const needOfflineBasemap = () => {
      if (offlineBasemap) return;
      offlineBasemap = true;
      loadOfflineBasemap(m);
    };
    m.on('error', (e) => {
      // A tile host out of reach is expected outdoors: the offline basemap shows instead.
      const sourceId = (e as { sourceId?: unknown }).sourceId;
      if (typeof sourceId === 'string') {
        if (!IMAGERY_SOURCES.has(sourceId)) return;
        needOfflineBasemap();
        latest.current.onImagery('offline');
      } else console.warn('Map error:', e.error?.message);
    });
    m.on('sourcedata', (e) => {
      if (e.tile && IMAGERY_SOURCES.has(e.sourceId)) latest.current.onImagery('online');
    });
    m.on('load', () => {
      showArtworks(m, latest.current.showArtworks);
      applyLayers(m, sources, layers);
      for (const [key, value] of Object.entries(LAYER_STATE_ATTRS(layers)))
        container.dataset[key] = value;
      // Without any imagery or street map configured, the offline basemap is the map.
      if (!sources.satellite && !sources.standardSatellite && !sources.basemap) {
        needOfflineBasemap();
      }
      (container as MapElement).maplibre = m;
      container.dataset.ready = 'true';
      setMap(m);
      latest.current.onReady(createHandle(m, sources, layers, container));
      latest.current.onView(viewOf(m));
      reportCamera();
    });
    m.on('move', reportCamera);
    m.on('moveend', () => latest.current.onView(viewOf(m)));
    m.on('idle', () => {
      setThumbnails((current) => {
        const next = thumbnailsOf(m);
        const same =
          next.length === current.length && next.every((t, i) => t.id === current[i]?.id);
        return same ? current : next;
      });
    });
    m.on('click', ARTWORK_LAYERS.clusters, (e: MapLayerMouseEvent) => void expandCluster(m, e));
    m.on('click', ARTWORK_LAYERS.serverClusters, (e: MapLayerMouseEvent) =>
      expandServerCluster(m, e),
    );
    // A ring of the player's own log sits at the artwork's spot: a tap on it opens the artwork.
    for (const layer of [ARTWORK_LAYERS.points, ACTIVITY_LAYERS.myLogs]) {
      m.on('click', layer, (e: MapLayerMouseEvent) => {
        const feature = e.features?.[0];
        const id = feature?.properties.id;
        if (typeof id !== 'string' || feature?.geometry.type !== 'Point') return;
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        keepInView(m, { latitude, longitude }, latest.current.coveredBottom);
        latest.current.onSelectArtwork(id);
      });
    }
    const tappable = [
      ARTWORK_LAYERS.clusters,
      ARTWORK_LAYERS.serverClusters,
      ARTWORK_LAYERS.points,
      ACTIVITY_LAYERS.myLogs,
    ];
    for (const layer of tappable) {
      m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
      m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
    }
    m.on('click', (e) => {
      // Clicks on markers, clusters and points are theirs.
      if (e.originalEvent.target !== m.getCanvas()) return;
      const hit = m.getLayer(ARTWORK_LAYERS.points)
        ? m.queryRenderedFeatures(e.point, { layers: tappable })
        : [];
      if (hit.length > 0) return;
      latest.current.onBareTap();
    });
    // A right-click pins there; a right-drag rotates the map and pins nothing.
    let rightDown: { x: number; y: number } | null = null;
    m.on('mousedown', (e) => {
      rightDown = e.originalEvent.button === 2 ? { x: e.point.x, y: e.point.y } : null;
    });
    m.on('mouseup', (e) => {
      const start = rightDown;
      rightDown = null;
      if (e.originalEvent.button !== 2 || !start) return;
      if (Math.hypot(e.point.x - start.x, e.point.y - start.y) > 4) return;
      latest.current.onPinShortcut({ latitude: e.lngLat.lat, longitude: e.lngLat.lng });
    });
    m.on('contextmenu', (e) => e.preventDefault());

    return () => {
      cancelAnimationFrame(frame);
      m.remove();
    };
  }, [styleReady]);

  useLongPress(map, (spot) => latest.current.onPinShortcut(spot));

  useArtworkLayer(map, props.artworks, containerRef);

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
