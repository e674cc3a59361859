import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Shows or hides a style layer. MapLibre redraws the whole map on every `setLayoutProperty`,
 * even one that changes nothing; on a phone that is a frame of GPU work for no change, so a
 * layer already as asked is left alone.
 */
export function setLayerVisible(map: MapLibreMap, id: string, visible: boolean) {
  if (!map.getLayer(id)) return;
  const now = map.getLayoutProperty(id, 'visibility') ?? 'visible';
  const want = visible ? 'visible' : 'none';
  if (now !== want) map.setLayoutProperty(id, 'visibility', want);
}
