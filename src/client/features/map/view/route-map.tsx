import 'maplibre-gl/dist/maplibre-gl.css';
import './map-credits.css';
import { LngLatBounds, type Map as MapLibreMap } from 'maplibre-gl';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MapSources } from '../../../../core/schemas/map.ts';
import { cn } from '../../../lib/cn.ts';
import { createMap } from './create-map.ts';
import { offlineBasemapOnce } from './imagery-events.ts';
import { drawImagesOnDemand, showInitialLayers } from './initial-layers.ts';
import type { MapElement } from './map-handle.ts';
import { MapMarker } from './map-marker.tsx';
import type { LayerOptions } from './map-types.ts';
import { useStyleReady } from './use-style-ready.ts';

/** A numbered stop of a route. */
export interface RouteStop {
  latitude: number;
  longitude: number;
  title: string;
  /** The player found it: its number turns into a tick. */
  found: boolean;
}

const ROUTE = 'route-line';

/** A walk reads best on streets: the street map when there is one, else the imagery. */
const layersFor = (sources: MapSources): LayerOptions => ({
  type: sources.basemap || !sources.satellite ? 'standard_satellite' : 'street_art_satellite',
  buildings: false,
  enhanced: false,
});

function boundsOf(stops: RouteStop[]): LngLatBounds {
  const bounds = new LngLatBounds();
  for (const s of stops) bounds.extend([s.longitude, s.latitude]);
  return bounds;
}

/** The line from stop to stop, under the stops' markers. */
function drawLine(map: MapLibreMap, stops: RouteStop[]) {
  map.addSource(ROUTE, {
    type: 'geojson',
    data: {
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: stops.map((s) => [s.longitude, s.latitude]) },
    },
  });
  map.addLayer({
    id: `${ROUTE}-casing`,
    type: 'line',
    source: ROUTE,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#0c1a26', 'line-width': 8, 'line-opacity': 0.8 },
  });
  map.addLayer({
    id: ROUTE,
    type: 'line',
    source: ROUTE,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#ff2e88', 'line-width': 4, 'line-dasharray': [2, 1.2] },
  });
}

/**
 * A route through numbered stops (a walking tour's), flat and framed to fit them all, over the
 * street map or imagery; the offline basemap shows where tiles cannot load. A map of its own,
 * without the map home's layers: its markers are pointer decoration, the page lists the stops.
 */
export default function RouteMap({
  sources,
  stops,
  onFail,
  className,
  line = true,
}: {
  sources: MapSources;
  stops: RouteStop[];
  onFail: (error: unknown) => void;
  className?: string;
  /** Pieces with no order (an artist's) are pins without a line between them. */
  line?: boolean;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const first = useRef({ sources, stops, onFail, line });
  const styleReady = useStyleReady(sources.basemap, onFail);

  useEffect(() => {
    if (!styleReady) return;
    const container = containerRef.current!;
    const { sources: s, stops: route, onFail: fail, line: withLine } = first.current;
    const layers = layersFor(s);
    const bounds = boundsOf(route);
    const m = createMap(container, {
      sources: s,
      initialCentre: { latitude: bounds.getCenter().lat, longitude: bounds.getCenter().lng },
      initialZoom: 14,
      initialLayers: layers,
      onFail: fail,
    });
    if (!m) return;
    drawImagesOnDemand(m);
    const needOfflineBasemap = offlineBasemapOnce(m);
    // Tiles out of reach (outdoors, or no host at all): the offline basemap shows beneath.
    m.on('error', (e) => {
      if (typeof (e as { sourceId?: unknown }).sourceId === 'string') needOfflineBasemap();
      else console.warn('Map error:', e.error?.message);
    });
    const frame = () => m.fitBounds(bounds, { padding: 48, maxZoom: 17, animate: false });
    m.jumpTo({ pitch: 0 });
    frame();
    // A phone turned on its side keeps every stop in view.
    m.on('resize', frame);
    m.on('load', () => {
      showInitialLayers(m, container, s, layers, false, needOfflineBasemap);
      if (withLine) drawLine(m, route);
      (container as MapElement).maplibre = m;
      container.dataset.ready = 'true';
      setMap(m);
    });
    return () => m.remove();
  }, [styleReady]);

  return (
    // MapLibre makes its container position: relative, so the container fills a positioned box.
    <div className={cn('relative overflow-hidden', className)}>
      <div className="absolute inset-0">
        <div ref={containerRef} className="size-full bg-[#0c1a26]" data-testid="route-map">
          {map &&
            stops.map((stop, i) => (
              <MapMarker key={i} map={map} longitude={stop.longitude} latitude={stop.latitude}>
                <span
                  aria-hidden
                  title={stop.title}
                  data-testid="route-stop"
                  className={cn(
                    'grid size-8 place-items-center rounded-full border-2 border-wall text-sm font-bold shadow-lg shadow-black/50',
                    stop.found ? 'bg-neon-lime text-wall' : 'bg-neon-pink text-white',
                  )}
                >
                  {stop.found ? <Check className="size-4" strokeWidth={3} /> : i + 1}
                </span>
              </MapMarker>
            ))}
        </div>
      </div>
    </div>
  );
}
