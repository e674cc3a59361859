import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import type { ArtworksInView } from '../../../../core/schemas/artworks.ts';
import { setActivity } from '../layers/activity-layers.ts';
import { piecesIn, setArtworkData } from '../layers/artwork-layers.ts';

type Container = RefObject<HTMLDivElement | null>;

/**
 * The artworks answer drawn; the container's data-artworks and the artworks-rendered mark say
 * how many pieces, once the map has drawn them.
 */
export function useArtworkLayer(
  map: MapLibreMap | null,
  artworks: ArtworksInView | undefined,
  containerRef: Container,
) {
  useEffect(() => {
    if (!map || !artworks) return;
    // The pieces drawn, whether one by one or in the server's clusters.
    const count = piecesIn(artworks);
    const drawn = () => {
      containerRef.current?.setAttribute('data-artworks', String(count));
      performance.mark('streetscope:artworks-rendered', { detail: { count } });
    };
    // An answer the map already shows (none where there was none) draws no frame to wait for.
    if (setArtworkData(map, artworks)) void map.once('idle').then(drawn);
    else drawn();
  }, [map, artworks, containerRef]);
}

/** A Pro layer's points drawn; it reports what it drew (data-heat, data-my-logs) once drawn. */
export function useActivityLayer<P>(
  map: MapLibreMap | null,
  layer: 'heat' | 'myLogs',
  points: P[] | null,
  features: (points: P[]) => GeoJSON.FeatureCollection,
  containerRef: Container,
) {
  useEffect(() => {
    if (!map) return;
    setActivity(map, layer, points ? features(points) : null);
    const attr = layer === 'heat' ? 'data-heat' : 'data-my-logs';
    if (!points) {
      containerRef.current?.removeAttribute(attr);
      return;
    }
    void map
      .once('idle')
      .then(() => containerRef.current?.setAttribute(attr, String(points.length)));
  }, [map, layer, points, features, containerRef]);
}
