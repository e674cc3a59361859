import type { Map as MapLibreMap } from 'maplibre-gl';
import { ARTWORK_LAYERS, UNCLUSTERED_FROM_ZOOM, type ArtworkProps } from './artwork-layers.ts';
import type { Thumbnail } from '../view/map-markers.tsx';

const MAX_THUMBNAILS = 60;

/** Rendered single artworks with a photo, for thumbnails when zoomed in close. */
export function thumbnailsOf(map: MapLibreMap): Thumbnail[] {
  if (map.getZoom() < UNCLUSTERED_FROM_ZOOM || !map.getLayer(ARTWORK_LAYERS.points)) return [];
  if (map.getLayoutProperty(ARTWORK_LAYERS.points, 'visibility') === 'none') return [];
  const seen = new Set<string>();
  const out: Thumbnail[] = [];
  for (const f of map.queryRenderedFeatures({ layers: [ARTWORK_LAYERS.points] })) {
    const { id, image, status, stale } = f.properties as ArtworkProps;
    if (!image || seen.has(id) || f.geometry.type !== 'Point') continue;
    seen.add(id);
    const [longitude, latitude] = f.geometry.coordinates as [number, number];
    out.push({ id, image, longitude, latitude, status, stale });
    if (out.length === MAX_THUMBNAILS) break;
  }
  return out;
}
